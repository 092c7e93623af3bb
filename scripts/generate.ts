// `npm run generate`: writes generated/schema.d.ts from generated/openapi.yaml.
// `npm run generate -- --check`: exits 1 when the committed file differs from a fresh render.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { readCommittedSchemaTypes, renderSchemaTypes, schemaTypesPath } from '../src/codegen/schema-types.ts';

const fresh = await renderSchemaTypes();
const target = relative(process.cwd(), schemaTypesPath);
if (process.argv.includes('--check')) {
  if (readCommittedSchemaTypes() !== fresh) {
    console.error(`${target} is stale: run \`npm run generate\` and commit it`);
    process.exit(1);
  }
  console.log(`${target} is up to date`);
} else {
  writeFileSync(schemaTypesPath, fresh);
  console.log(`wrote ${target}`);
}
