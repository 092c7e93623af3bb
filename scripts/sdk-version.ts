// `npm run version:sdk`: writes src/version.ts from the SDK's package.json, the one
// place its version is set (npm runs it after `npm version` through the "version" script).
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { renderVersionModule, sdkPackageVersion, versionModulePath } from '../src/codegen/sdk-version.ts';

writeFileSync(versionModulePath, renderVersionModule(sdkPackageVersion()));
console.log(`wrote ${relative(process.cwd(), versionModulePath)}`);
