// The kit's version: one file, VERSION at the repository's root, stamped into every package
// of every language by `npm run version:set -- X.Y.Z`, and read back from each by
// `npm run check:generated` (a stamp that differs from VERSION is stale). The User-Agents read
// their own language's stamp (packages/sdk/src/version.ts, _version.py, version.go, …), so none reads a
// file at run time. The API description keeps its own info.version: the kit's version says
// which build of the kit a team runs, the description's which API it speaks.
//
// A client that lands later adds its rows to `versionStamps`; rows under a folder that does
// not exist yet are skipped, and a row whose folder exists but whose file does not is an error.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../support/repo.ts';
import { renderVersionModule } from './sdk-version.ts';

export const versionFilePath = join(repoRoot, 'VERSION');

/** Semantic Versioning 2.0.0, the expression semver.org gives. */
const semverPattern = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

export function isSemver(version: string): boolean {
  return semverPattern.test(version);
}

/**
 * Semantic Versioning's precedence (semver.org, item 11): negative when a comes before b.
 * Build metadata does not count; a pre-release comes before its release.
 */
export function compareSemver(a: string, b: string): number {
  const parts = (version: string) => {
    const match = semverPattern.exec(version);
    if (!match) throw new Error(`'${version}' is not a semantic version`);
    return { core: [match[1], match[2], match[3]].map(Number), pre: match[4] === undefined ? [] : match[4].split('.') };
  };
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return x.core[i]! - y.core[i]!;
  if (x.pre.length === 0 || y.pre.length === 0) return y.pre.length - x.pre.length;
  for (let i = 0; i < Math.min(x.pre.length, y.pre.length); i++) {
    const [p, q] = [x.pre[i]!, y.pre[i]!];
    if (p === q) continue;
    const [pn, qn] = [/^\d+$/.test(p), /^\d+$/.test(q)];
    if (pn && qn) return Number(p) - Number(q);
    if (pn !== qn) return pn ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return x.pre.length - y.pre.length;
}

/** The kit's version as VERSION holds it (one line). */
export function kitVersion(root: string = repoRoot): string {
  const path = join(root, 'VERSION');
  const version = readFileSync(path, 'utf8').trim();
  if (!isSemver(version)) throw new Error(`VERSION holds '${version}', which is not a semantic version (X.Y.Z, e.g. 1.4.0 or 1.4.0-rc.1)`);
  return version;
}

export type VersionStamp = {
  /** Path in the repository. */
  path: string;
  /** The folder whose presence makes the row apply (a client that may not have landed); absent: always applies. */
  whenPresent?: string;
  /** The file's text with `version` stamped in; throws when it cannot find where. */
  stamp: (text: string, version: string) => string;
};

/** Replaces the one match of `pattern` (its first group is the version) in `text`; throws naming `path` when there is not exactly one. */
function replaceOne(path: string, pattern: RegExp, what: string) {
  return (text: string, version: string): string => {
    const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
    const matches = [...text.matchAll(global)];
    if (matches.length !== 1) throw new Error(`${path}: expected one ${what}, found ${matches.length}`);
    const match = matches[0]!;
    const start = match.index + match[0].indexOf(match[1]!);
    return `${text.slice(0, start)}${version}${text.slice(start + match[1]!.length)}`;
  };
}

/** A JSON manifest's top-level "version" (package.json), its formatting kept. */
function jsonVersion(path: string) {
  return (text: string, version: string): string => {
    const parsed = JSON.parse(text) as { version?: unknown };
    if (typeof parsed.version !== 'string') throw new Error(`${path}: no top-level "version" to stamp`);
    return replaceOne(path, /^ {2}"version": "([^"]*)"/m, 'top-level "version"')(text, version);
  };
}

/** The version of the POM's own project: the <version> that is a direct child of <project>. */
function pomVersion(path: string) {
  return (text: string, version: string): string => {
    const tags = /<(\/?)([A-Za-z][\w.-]*)[^>]*?(\/?)>|<!--[\s\S]*?-->/g;
    let depth = 0;
    for (const tag of text.matchAll(tags)) {
      if (tag[0].startsWith('<!--') || tag[0].startsWith('<?')) continue;
      const [, closing, name, selfClosing] = tag;
      if (closing) {
        depth -= 1;
        continue;
      }
      if (name === 'version' && depth === 1) {
        const start = tag.index + tag[0].length;
        const end = text.indexOf('</version>', start);
        return `${text.slice(0, start)}${version}${text.slice(end)}`;
      }
      if (!selfClosing) depth += 1;
    }
    throw new Error(`${path}: no <version> directly under <project>`);
  };
}

/** The <version> of a POM's dependency on the SDK (wallet-api:wallet-api-sdk). */
function sdkDependencyVersion(path: string) {
  return replaceOne(path, /<artifactId>wallet-api-sdk<\/artifactId>\s*<version>([^<]*)<\/version>/, 'dependency on wallet-api-sdk');
}

export const versionStamps: VersionStamp[] = [
  // npm: the two published packages, and the repository's own manifest and lock.
  { path: 'packages/sdk/package.json', stamp: jsonVersion('packages/sdk/package.json') },
  { path: 'packages/sandbox/package.json', stamp: jsonVersion('packages/sandbox/package.json') },
  { path: 'package.json', stamp: jsonVersion('package.json') },
  {
    path: 'package-lock.json',
    // The root project's version, at the top and under packages[""].
    stamp: (text, version) => replaceOne('package-lock.json', /^ {4}"": \{\n {6}"name": "[^"]*",\n {6}"version": "([^"]*)"/m, 'packages[""].version')(jsonVersion('package-lock.json')(text, version), version),
  },
  // The TypeScript client's User-Agent.
  { path: 'packages/sdk/src/version.ts', stamp: (_text, version) => renderVersionModule(version) },
  // Python: hatch reads the wheel's version from here, and so does the User-Agent.
  { path: 'clients/python/src/wallet_api/_version.py', stamp: replaceOne('clients/python/src/wallet_api/_version.py', /^__version__ = "([^"]*)"$/m, '__version__') },
  // Python: the sandbox's distribution, and the client's `sandbox` extra that requires it at the same version.
  { path: 'clients/python/sandbox-dist/pyproject.toml', stamp: replaceOne('clients/python/sandbox-dist/pyproject.toml', /^version = "([^"]*)"$/m, 'project version') },
  { path: 'clients/python/pyproject.toml', stamp: replaceOne('clients/python/pyproject.toml', /"wallet-api-sandbox==([^"]*)"/, 'sandbox extra requirement') },
  // Go: the User-Agent's constant (the module's version itself is its tag, clients/go/vX.Y.Z).
  { path: 'clients/go/version.go', stamp: replaceOne('clients/go/version.go', /^const Version = "([^"]*)"$/m, 'Version constant') },
  // PHP, when present: the User-Agent's constant. (composer.json carries no version, as
  // `composer validate --strict` asks: the release writes it into the archive it uploads.)
  { path: 'clients/php/src/Version.php', whenPresent: 'clients/php', stamp: replaceOne('clients/php/src/Version.php', /const SDK = '([^']*)'/, 'SDK constant') },
  // … and the version its integrator's project (the tests' consumer) is given through the path repository.
  { path: 'clients/php/tests/consumer/composer.json', whenPresent: 'clients/php', stamp: replaceOne('clients/php/tests/consumer/composer.json', /"versions": \{ "wallet-api\/sdk": "([^"]*)" \}/, 'path repository version') },
  // Java, when present: the POM's project version, the User-Agent's constant, and the SDK's
  // version where the quick start and the conformance runner depend on it.
  { path: 'clients/java/pom.xml', whenPresent: 'clients/java', stamp: pomVersion('clients/java/pom.xml') },
  { path: 'clients/java/src/main/java/walletapi/Version.java', whenPresent: 'clients/java', stamp: replaceOne('clients/java/src/main/java/walletapi/Version.java', /public static final String VERSION = "([^"]*)";/, 'VERSION constant') },
  { path: 'clients/java/examples/quickstart/pom.xml', whenPresent: 'clients/java', stamp: sdkDependencyVersion('clients/java/examples/quickstart/pom.xml') },
  {
    path: 'clients/java/conformance/pom.xml',
    whenPresent: 'clients/java',
    stamp: (text, version) => sdkDependencyVersion('clients/java/conformance/pom.xml')(pomVersion('clients/java/conformance/pom.xml')(text, version), version),
  },
];

/** The rows that apply in `root`: those without a folder condition, and those whose folder exists. */
export function applicableStamps(root: string = repoRoot): VersionStamp[] {
  return versionStamps.filter((row) => row.whenPresent === undefined || existsSync(join(root, row.whenPresent)));
}

/** Each applicable file's text with `version` stamped in: path → text. Throws naming the file when one is missing or has no place for it. */
export function stampedTexts(version: string, root: string = repoRoot): Map<string, string> {
  if (!isSemver(version)) throw new Error(`version '${version}' is not a semantic version (X.Y.Z, e.g. 1.4.0 or 1.4.0-rc.1)`);
  const texts = new Map<string, string>();
  for (const row of applicableStamps(root)) {
    const file = join(root, row.path);
    if (!existsSync(file)) throw new Error(`${row.path} is missing${row.whenPresent ? ` (${row.whenPresent} exists, so it carries the kit's version)` : ''}`);
    texts.set(row.path, row.stamp(readFileSync(file, 'utf8'), version));
  }
  return texts;
}
