// The API description Dredd reads. Dredd 14's OpenAPI parser targets 3.0 and reports
// every 3.1 construct it does not know as a warning. The 3.0 copy made from the bundle
// by @apiture/openapi-down-convert parses with fewer warnings with its allOf option
// (which rewrites $ref siblings) than without, and both with fewer than the 3.1 bundle,
// with the same transactions each; tests/contract/description-choice.test.ts measures
// the counts and keeps this true, so Dredd reads the allOf copy. The copy is made at run
// time from generated/openapi.yaml and never committed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Converter } from '@apiture/openapi-down-convert';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';

export const downConvertOptions = { allOfTransform: true } as const;

/** The bundled 3.1 document converted to OpenAPI 3.0. */
export function toOpenApi30(document: OpenApiDocument = loadBundledDocument()): object {
  return new Converter(structuredClone(document), downConvertOptions).convert();
}

/** Writes the 3.0 copy into a fresh temporary directory and returns its path. */
export function writeDreddDescription(document: OpenApiDocument = loadBundledDocument()): string {
  const path = join(mkdtempSync(join(tmpdir(), 'contract-')), 'openapi-3.0.json');
  // JSON, not YAML: a YAML writer leaves date-times unquoted and Dredd's parser then
  // reads them as timestamps (one more warning each).
  writeFileSync(path, JSON.stringify(toOpenApi30(document), null, 2));
  return path;
}
