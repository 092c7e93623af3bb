// Renders generated/schema.d.ts from the bundled spec with openapi-typescript's Node API.
// The CLI would pick up redocly.yaml's `apis` (the unbundled source) instead of the
// bundle, so `npm run generate` and the drift test both go through this one function.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundledSpecPath } from '../../packages/sandbox/src/spec/document.ts';

export const schemaTypesPath = fileURLToPath(new URL('../../generated/schema.d.ts', import.meta.url));

/**
 * Besides `paths`, `components` and `operations`, every schema is exported under its own
 * name (`export type Wallet = components["schemas"]["Wallet"]`), so the client's named
 * types are generated rather than listed by hand.
 */
const rootTypeOptions = { silent: true, rootTypes: true, rootTypesNoSchemaPrefix: true, rootTypesKeepCasing: true };

/** The TypeScript declarations of a bundled OpenAPI document, exactly as committed. */
export async function renderSchemaTypes(specPath: string = bundledSpecPath): Promise<string> {
  // Loaded when types are rendered, not when this module is: openapi-typescript brings the
  // TypeScript compiler (a second of CPU), which a command that only imports this module on
  // its way (npm run dev refusing a port in use, before any build) never needs.
  const { default: openapiTS, astToString, COMMENT_HEADER } = await import('openapi-typescript');
  const ast = await openapiTS(pathToFileURL(specPath), rootTypeOptions);
  return COMMENT_HEADER + astToString(ast);
}

/** A committed generated file (default: the declarations), or '' when it is missing. */
export function readCommittedFile(path: string = schemaTypesPath): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
