// The bundled spec as the generators read it: each gets a document of its own, parsed from the
// file as it is now. Several generators run in one command (npm run generate, the generated-file
// check, the live edit loop's rebuild), and parsing the YAML is most of what some of them
// cost, so a text already parsed is parsed once: each reader gets a copy of that parse (a
// generator may annotate the document it reads without the next one seeing it).
import { readFileSync } from 'node:fs';
import { bundledSpecPath, parseDocument } from '../../packages/sandbox/src/spec/document.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';

/** The last text parsed and its parse, never handed out itself. */
let last: { text: string; parsed: unknown } | undefined;

/** The document in `path` (default: generated/openapi.yaml), read now; a copy of the parse when the text is unchanged. */
export function readBundledDocument(path: string = bundledSpecPath): OpenApiDocument {
  const text = readFileSync(path, 'utf8');
  if (last?.text !== text) last = { text, parsed: parseDocument(text) };
  return structuredClone(last.parsed) as OpenApiDocument;
}
