// generated/openapi.json: the bundled spec as JSON, for readers that must not parse YAML
// (the SDK's command line ships it and has no YAML parser) and for the docs downloads.
import { fileURLToPath } from 'node:url';
import { bundledSpecPath } from '../../packages/sandbox/src/spec/document.ts';
import { readBundledDocument } from './bundled-document.ts';

export const specJsonPath = fileURLToPath(new URL('../../generated/openapi.json', import.meta.url));

/** The JSON rendering of a bundled OpenAPI document, exactly as committed. */
export function renderSpecJson(specPath: string = bundledSpecPath): string {
  return `${JSON.stringify(readBundledDocument(specPath), null, 2)}\n`;
}
