// The SDK's version: the kit's (VERSION, tools/codegen/kit-version.ts), stamped into the
// version field of its package.json and into packages/sdk/src/version.ts, rendered here so the client
// needs no package.json at run time (the relative path to it differs between src/ and the
// built package).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const versionModulePath = fileURLToPath(new URL('../../packages/sdk/src/version.ts', import.meta.url));

/** The SDK's package.json: its own folder once the repository holds several packages. */
export function sdkPackageJsonPath(): string {
  const own = fileURLToPath(new URL('../../packages/sdk/package.json', import.meta.url));
  return existsSync(own) ? own : fileURLToPath(new URL('../../package.json', import.meta.url));
}

export function sdkPackageVersion(): string {
  const { version } = JSON.parse(readFileSync(sdkPackageJsonPath(), 'utf8')) as { version?: unknown };
  if (typeof version !== 'string' || version === '') throw new Error(`${sdkPackageJsonPath()} has no version`);
  return version;
}

export function renderVersionModule(version: string): string {
  return [
    '// Written by `npm run version:set` from VERSION, as is the version field of the SDK\'s',
    '// package.json, so the User-Agent needs no package.json at run time (its path differs',
    '// between src/ and the built package). tests/client/user-agent.test.ts fails when the two differ.',
    `export const sdkVersion = ${JSON.stringify(version).replaceAll('"', "'")};`,
    '',
  ].join('\n');
}
