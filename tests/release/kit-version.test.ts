// The kit's one version (VERSION) and its stamps in every package (tools/codegen/kit-version.ts,
// `npm run version:set`): read back from each file as that file's own tool reads it.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applicableStamps, isSemver, kitVersion, stampedTexts, versionStamps } from '../../tools/codegen/kit-version.ts';
import { repoRoot } from '../support/run.ts';

const copies: string[] = [];
afterEach(() => copies.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * A folder holding VERSION and every file the rows that apply here name, copied from the
 * repository; with `alwaysOnly`, only the rows that apply whatever folders exist.
 */
function copyOfStampedFiles(alwaysOnly = false): string {
  const dir = mkdtempSync(join(tmpdir(), 'kit-version-'));
  copies.push(dir);
  for (const path of ['VERSION', ...applicableStamps().filter((row) => !alwaysOnly || !row.whenPresent).map((row) => row.path)]) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    cpSync(join(repoRoot, path), join(dir, path));
  }
  return dir;
}

describe("the kit's version", () => {
  it('is one semantic version in VERSION, and every stamp in the repository says it', () => {
    const version = kitVersion();
    expect(isSemver(version)).toBe(true);
    for (const [path, text] of stampedTexts(version)) expect(readFileSync(join(repoRoot, path), 'utf8'), `${path}: run npm run version:set`).toBe(text);
  });

  it('stamps each package where its own tool reads it, and nothing else', () => {
    const dir = copyOfStampedFiles();
    const before = Object.fromEntries(applicableStamps().map(({ path }) => [path, readFileSync(join(dir, path), 'utf8')]));
    const texts = stampedTexts('2.3.4-rc.1', dir);
    const json = (path: string) => JSON.parse(texts.get(path)!) as { version: string; packages?: Record<string, { version?: string }> };
    expect(json('packages/sdk/package.json').version).toBe('2.3.4-rc.1');
    expect(json('packages/sandbox/package.json').version).toBe('2.3.4-rc.1');
    expect(json('package.json').version).toBe('2.3.4-rc.1');
    const lock = json('package-lock.json');
    expect([lock.version, lock.packages?.['']?.version]).toEqual(['2.3.4-rc.1', '2.3.4-rc.1']);
    expect(texts.get('packages/sdk/src/version.ts')).toContain("export const sdkVersion = '2.3.4-rc.1';");
    expect(texts.get('clients/python/src/wallet_api/_version.py')).toContain('__version__ = "2.3.4-rc.1"');
    expect(texts.get('clients/python/sandbox-dist/pyproject.toml')).toContain('\nversion = "2.3.4-rc.1"\n');
    expect(texts.get('clients/python/pyproject.toml')).toContain('"wallet-api-sandbox==2.3.4-rc.1"');
    expect(texts.get('clients/go/version.go')).toContain('const Version = "2.3.4-rc.1"');
    // Only the version changed: the same text with the old version put back (the lock's dependency versions stay).
    for (const [path, text] of texts) {
      if (path === 'packages/sdk/src/version.ts') continue;
      // (Put back as the kit's version itself: a dependency may share that version's digits.)
      expect(text.replaceAll('2.3.4-rc.1', kitVersion()), path).toBe(before[path]!);
    }
  });

  it('refuses a version that is not semantic, naming it', () => {
    for (const bad of ['1.2', 'v1.2.3', '01.2.3', '1.2.3-', '1.2.3 ']) expect(() => stampedTexts(bad), bad).toThrow(`version '${bad}' is not a semantic version`);
  });

  it('stamps the PHP and Java clients once their folders exist, and names a file they lack', () => {
    const dir = copyOfStampedFiles(true);
    expect(versionStamps.filter((row) => row.whenPresent).map((row) => row.path)).toEqual(['clients/php/src/Version.php', 'clients/php/tests/consumer/composer.json', 'clients/java/pom.xml', 'clients/java/src/main/java/walletapi/Version.java', 'clients/java/examples/quickstart/pom.xml', 'clients/java/conformance/pom.xml']);
    mkdirSync(join(dir, 'clients/php/src'), { recursive: true });
    expect(() => stampedTexts('1.0.0', dir)).toThrow('clients/php/src/Version.php is missing (clients/php exists, so it carries the kit\'s version)');
    writeFileSync(join(dir, 'clients/php/src/Version.php'), "<?php\nfinal class Version\n{\n    public const SDK = '0.1.0';\n}\n");
    mkdirSync(join(dir, 'clients/php/tests/consumer'), { recursive: true });
    writeFileSync(join(dir, 'clients/php/tests/consumer/composer.json'), '{ "repositories": [{ "type": "path", "url": "../..", "options": { "versions": { "wallet-api/sdk": "0.1.0" } } }] }\n');
    mkdirSync(join(dir, 'clients/java'));
    writeFileSync(
      join(dir, 'clients/java/pom.xml'),
      '<?xml version="1.0"?>\n<project>\n  <!-- <version>9</version> -->\n  <parent>\n    <groupId>p</groupId>\n    <version>7.0.0</version>\n  </parent>\n  <artifactId>wallet-api-sdk</artifactId>\n  <version>0.1.0</version>\n  <dependencies><dependency><version>3.1</version></dependency></dependencies>\n</project>\n',
    );
    expect(() => stampedTexts('1.0.0', dir)).toThrow('clients/java/src/main/java/walletapi/Version.java is missing');
    mkdirSync(join(dir, 'clients/java/src/main/java/walletapi'), { recursive: true });
    writeFileSync(join(dir, 'clients/java/src/main/java/walletapi/Version.java'), 'final class Version {\n  public static final String VERSION = "0.1.0";\n}\n');
    const dependent = '<project>\n  <version>0.1.0</version>\n  <dependencies><dependency><groupId>wallet-api</groupId><artifactId>wallet-api-sdk</artifactId>\n    <version>0.1.0</version></dependency><dependency><artifactId>other</artifactId><version>0.1.0</version></dependency></dependencies>\n</project>\n';
    for (const folder of ['examples/quickstart', 'conformance']) {
      mkdirSync(join(dir, 'clients/java', folder), { recursive: true });
      writeFileSync(join(dir, 'clients/java', folder, 'pom.xml'), dependent);
    }
    const texts = stampedTexts('1.0.0', dir);
    expect(texts.get('clients/php/src/Version.php')).toContain("public const SDK = '1.0.0';");
    expect(texts.get('clients/java/src/main/java/walletapi/Version.java')).toContain('VERSION = "1.0.0";');
    // The quick start keeps its own version, and depends on the SDK's; the runner is versioned with the kit.
    expect(texts.get('clients/java/examples/quickstart/pom.xml')).toBe(dependent.replace('wallet-api-sdk</artifactId>\n    <version>0.1.0', 'wallet-api-sdk</artifactId>\n    <version>1.0.0'));
    expect(texts.get('clients/java/conformance/pom.xml')).toBe(dependent.replace('wallet-api-sdk</artifactId>\n    <version>0.1.0', 'wallet-api-sdk</artifactId>\n    <version>1.0.0').replace('<project>\n  <version>0.1.0', '<project>\n  <version>1.0.0'));
    const pom = texts.get('clients/java/pom.xml')!;
    expect(pom).toContain('<artifactId>wallet-api-sdk</artifactId>\n  <version>1.0.0</version>');
    expect(pom).toContain('<version>7.0.0</version>');
    expect(pom).toContain('<version>3.1</version>');
    expect(pom).toContain('<!-- <version>9</version> -->');
  });
});
