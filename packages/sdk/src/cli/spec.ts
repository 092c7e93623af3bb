// The operations of the API as the command line knows them: read from the spec the SDK
// package ships as JSON (generated/openapi.json, two folders up from both packages/sdk/src/cli and
// dist/cli) by the same reader of the document as the spec tools (packages/sdk/src/spec/openapi.ts),
// every local $ref followed. No YAML parser: the SDK carries none.
import { readFileSync } from 'node:fs';
import { listOperations, type OpenApiDocument, type OperationEntry } from '../spec/openapi.ts';

/** An operation the command line can call: the typed client sends GET and POST. */
export type Operation = OperationEntry & { method: 'get' | 'post' };

const specUrl = new URL('../../../../generated/openapi.json', import.meta.url);

export function loadDocument(): OpenApiDocument {
  return JSON.parse(readFileSync(specUrl, 'utf8')) as OpenApiDocument;
}

export function loadOperations(document: OpenApiDocument = loadDocument()): Operation[] {
  return listOperations(document).filter((op): op is Operation => (op.method === 'get' || op.method === 'post') && typeof op.operationId === 'string');
}
