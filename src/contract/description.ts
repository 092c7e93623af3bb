// The API description Dredd reads. Dredd 14's OpenAPI parser targets 3.0 and reports
// every 3.1 construct it does not know as a warning. The 3.0 copy made from the bundle
// by @apiture/openapi-down-convert (with its allOf option for $ref siblings) parses with
// fewer warnings than the 3.1 bundle (62 against 73, same 16 transactions; see
// tests/contract/description-choice.test.ts), so Dredd reads that copy. The copy is made
// at run time from generated/openapi.yaml and never committed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Converter } from '@apiture/openapi-down-convert';
import { stringify } from 'yaml';
import { loadBundledDocument, type OpenApiDocument } from '../spec/document.ts';

export const downConvertOptions = { allOfTransform: true } as const;

/** The bundled 3.1 document converted to OpenAPI 3.0. */
export function toOpenApi30(document: OpenApiDocument = loadBundledDocument()): object {
  return new Converter(structuredClone(document), downConvertOptions).convert();
}

/** Writes the 3.0 copy into a fresh temporary directory and returns its path. */
export function writeDreddDescription(document: OpenApiDocument = loadBundledDocument()): string {
  const path = join(mkdtempSync(join(tmpdir(), 'contract-')), 'openapi-3.0.yaml');
  writeFileSync(path, stringify(toOpenApi30(document)));
  return path;
}
