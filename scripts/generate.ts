// `npm run generate`: writes generated/schema.d.ts, generated/openapi.json, the drift
// watch's validators (generated/drift-validators.js and its .d.ts), the command line's
// request validators (generated/request-validators.js and its .d.ts) and the client's operation
// methods (packages/sdk/src/client/operations.generated.ts) from generated/openapi.yaml, then the Python, Go
// and PHP clients' generated code with their own generators, where their toolchains are here
// (a spec change reaches every language in one command; one whose toolchain is absent is named).
// `npm run generate -- --check`: exits 1 when a committed file differs from a fresh render.
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readCommittedFile, renderSchemaTypes, schemaTypesPath } from '../tools/codegen/schema-types.ts';
import { renderSpecJson, specJsonPath } from '../tools/codegen/spec-json.ts';
import { driftValidatorsPath, driftValidatorsTypesPath, renderDriftValidators, renderDriftValidatorTypes } from '../tools/codegen/drift-validators.ts';
import { operationsPath, renderOperations } from '../tools/codegen/operations.ts';
import { renderRequestValidators, renderRequestValidatorTypes, requestValidatorsPath, requestValidatorsTypesPath } from '../tools/codegen/request-validators.ts';
import { checkGeneratedFiles, languageClientArtefacts } from '../tools/generated-files/check.ts';
import { repoRoot } from '../tools/support/repo.ts';
import { parseFlags } from '../packages/sdk/src/cli/args.ts';

let check = false;
try {
  check = parseFlags(process.argv.slice(2), { check: { type: 'boolean' } }, 'npm run generate -- [--check]').check ?? false;
} catch (error) {
  console.error(`generate: ${(error as Error).message}`);
  process.exit(2);
}
const outputs = [
  { path: schemaTypesPath, fresh: await renderSchemaTypes() },
  { path: specJsonPath, fresh: renderSpecJson() },
  { path: driftValidatorsPath, fresh: renderDriftValidators() },
  { path: driftValidatorsTypesPath, fresh: renderDriftValidatorTypes() },
  { path: requestValidatorsPath, fresh: renderRequestValidators() },
  { path: requestValidatorsTypesPath, fresh: renderRequestValidatorTypes() },
  { path: operationsPath, fresh: renderOperations() },
];

let stale = false;
for (const { path, fresh } of outputs) {
  const target = relative(process.cwd(), path);
  if (check) {
    if (readCommittedFile(path) === fresh) console.log(`${target} is up to date`);
    else {
      console.error(`${target} is stale: run \`npm run generate\` and commit it`);
      stale = true;
    }
  } else {
    writeFileSync(path, fresh);
    console.log(`wrote ${target}`);
  }
}
const foldersWritten = new Set<() => void>();
// The other languages' clients: regenerated in place, or (--check) compared by check:generated's own comparison.
for (const artefact of languageClientArtefacts) {
  const absent = artefact.unavailable?.();
  if (absent !== undefined) {
    console.log(`${artefact.path} not regenerated: ${absent}`);
    continue;
  }
  if (check) continue;
  if (artefact.writeFolder) {
    // A whole folder's generator: run once, for every file of the folder (new ones included).
    if (!foldersWritten.has(artefact.writeFolder)) {
      foldersWritten.add(artefact.writeFolder);
      artefact.writeFolder();
    }
  } else await artefact.regenerate(join(repoRoot, artefact.path));
  console.log(`wrote ${artefact.path}`);
}
if (check) {
  const results = await checkGeneratedFiles(languageClientArtefacts.filter((artefact) => artefact.unavailable?.() === undefined));
  for (const result of results) {
    if (result.fresh) console.log(`${result.path} is up to date`);
    else {
      console.error(`${result.path} is stale: run \`npm run generate\` and commit it`);
      stale = true;
    }
  }
}
if (stale) process.exit(1);
