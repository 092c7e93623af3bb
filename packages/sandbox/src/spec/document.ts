// The bundled OpenAPI document, loaded once. Everything at run time (sandbox routes,
// response checks, contract hooks, the unknowns checklist) reads this one file, so what
// runs can never disagree with what is published. Only the YAML parse is here: the
// document's shape and the ways of reading it are in openapi.ts, which the SDK package's
// command line shares without carrying a YAML parser.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { OpenApiDocument } from '../../../sdk/src/spec/openapi.ts';

export const bundledSpecPath = fileURLToPath(new URL('../../../../generated/openapi.yaml', import.meta.url));

let cached: OpenApiDocument | undefined;

/** Parses a YAML OpenAPI document from text. */
export function parseDocument(text: string): OpenApiDocument {
  return parse(text) as OpenApiDocument;
}

/** The bundled document in generated/openapi.yaml (parsed once per process). */
export function loadBundledDocument(path: string = bundledSpecPath): OpenApiDocument {
  if (path !== bundledSpecPath) return parseDocument(readFileSync(path, 'utf8'));
  cached ??= parseDocument(readFileSync(path, 'utf8'));
  return cached;
}
