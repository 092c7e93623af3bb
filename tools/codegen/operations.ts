// packages/sdk/src/client/operations.generated.ts: one method per operation of the spec, named after its
// operationId (`client.createSwap({ from, to, amount, password })`), with the operation's
// summary and description as its doc comment. The file holds what the client needs at run
// time about each operation (method, path template, which input field goes where, whether
// it answers a page) and the typed interface of the methods; nothing reads the spec at run
// time. It lives in the package (not generated/) because it is code the SDK compiles with the
// rest of the client, not a file copied beside it.
//
// A method takes the operation's path parameters, query parameters and body fields in one
// object, so two of them sharing a name, or a parameter the client cannot take that way,
// is a generation-time error rather than a method that cannot say what it means.
import { fileURLToPath } from 'node:url';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { deref, listOperations, resolveSchema, type OpenApiDocument, type OperationEntry, type Schema } from '../../packages/sdk/src/spec/openapi.ts';

export const operationsPath = fileURLToPath(new URL('../../packages/sdk/src/client/operations.generated.ts', import.meta.url));

/** What the client needs to know about an operation at run time. */
type TableRow = { method: 'GET' | 'POST'; path: string; pathParams: string[]; query: string[]; body: string[] | undefined; bodyOpen: boolean; paged: boolean };

/** A refusal of the spec by the generator: the spec says something a method cannot. */
export class OperationMethodsError extends Error {
  override name = 'OperationMethodsError';
}

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Names the client already has: an operation named like one would hide it. */
const reservedNames = new Set(['environment', 'baseUrl', 'GET', 'POST', 'paginate', 'use', 'eject', 'toString', 'toJSON', 'constructor', 'then']);

function rowOf(document: OpenApiDocument, entry: OperationEntry): TableRow {
  const id = entry.operationId;
  if (typeof id !== 'string' || !identifier.test(id)) throw new OperationMethodsError(`${entry.method.toUpperCase()} ${entry.path}: operationId ${JSON.stringify(id)} is not a method name`);
  if (reservedNames.has(id)) throw new OperationMethodsError(`${id}: the client already has a member of that name`);
  if (entry.method !== 'get' && entry.method !== 'post') throw new OperationMethodsError(`${id}: the client calls GET and POST only, not ${entry.method.toUpperCase()}`);
  const owner = new Map<string, string>();
  const claim = (name: string, place: string) => {
    const earlier = owner.get(name);
    if (earlier !== undefined) throw new OperationMethodsError(`${id}: "${name}" is both ${earlier} and ${place}; a method takes them in one object, so they need distinct names`);
    owner.set(name, place);
  };
  const pathParams: string[] = [];
  const query: string[] = [];
  for (const parameter of entry.parameters) {
    if (parameter.in === 'path') pathParams.push(parameter.name);
    else if (parameter.in === 'query') query.push(parameter.name);
    else if (parameter.required) throw new OperationMethodsError(`${id}: the required ${parameter.in} parameter ${parameter.name} cannot be given to a method`);
    else continue;
    claim(parameter.name, `a ${parameter.in} parameter`);
  }
  let body: string[] | undefined;
  let bodyOpen = false;
  if (entry.body) {
    const schema = entry.body.schema;
    if (schema.type !== 'object' || typeof schema.properties !== 'object' || schema.properties === null) {
      throw new OperationMethodsError(`${id}: the request body is not an object with properties, so its fields cannot sit beside the parameters`);
    }
    body = Object.keys(schema.properties);
    for (const name of body) claim(name, 'a body field');
    bodyOpen = schema.additionalProperties !== false;
  }
  const paged = answersPage(document, entry);
  if (paged && entry.method !== 'get') throw new OperationMethodsError(`${id}: answers a page but is not a GET; only a GET is walked page by page`);
  return { method: entry.method === 'get' ? 'GET' : 'POST', path: entry.path, pathParams, query, body, bodyOpen, paged };
}

/** True when the success answer's `data` is the interface's page object (page, pages, data[]). */
function answersPage(document: OpenApiDocument, entry: OperationEntry): boolean {
  const ok = deref(document, entry.operation.responses['200']) as { content?: Record<string, { schema?: unknown }> } | undefined;
  const envelope = resolveSchema(document, ok?.content?.['application/json']?.schema ?? {});
  const data = (envelope.properties as Record<string, Schema> | undefined)?.data;
  const properties = data?.properties as Record<string, Schema> | undefined;
  return properties !== undefined && 'page' in properties && 'pages' in properties && properties.data?.type === 'array';
}

/** The text of a doc comment: the spec's words, with nothing that would end the comment early. */
function docComment(lines: string[], indent: string): string {
  const body = lines.flatMap((line) => line.split('\n')).map((line) => line.replace(/\*\//g, '*\\/').trimEnd());
  while (body.length > 0 && body[body.length - 1] === '') body.pop();
  return [`${indent}/**`, ...body.map((line) => (line === '' ? `${indent} *` : `${indent} * ${line}`)), `${indent} */`].join('\n');
}

const list = (names: string[] | undefined) => (names === undefined ? 'undefined' : `[${names.map((n) => JSON.stringify(n)).join(', ')}]`);

/** The generated file for a bundled document, exactly as committed. */
export function renderOperations(document: OpenApiDocument = loadBundledDocument()): string {
  const entries = listOperations(document);
  const seen = new Set<string>();
  const rows: [OperationEntry, TableRow][] = [];
  for (const entry of entries) {
    if (seen.has(entry.operationId)) throw new OperationMethodsError(`operationId ${entry.operationId} is used twice`);
    seen.add(entry.operationId);
    rows.push([entry, rowOf(document, entry)]);
  }
  const table = rows.map(
    ([entry, row]) =>
      `  ${entry.operationId}: { method: ${JSON.stringify(row.method)}, path: ${JSON.stringify(row.path)}, pathParams: ${list(row.pathParams)}, query: ${list(row.query)}, body: ${list(row.body)}, bodyOpen: ${row.bodyOpen}, paged: ${row.paged} },`,
  );
  const members = rows.map(([entry, row]) => {
    const description = typeof entry.operation.description === 'string' ? entry.operation.description.trim() : '';
    const doc = docComment([entry.summary, ...(description ? ['', description] : []), '', `\`${row.method} ${row.path}\`${row.paged ? '; `.paginate(…)` walks its pages' : ''}`], '  ');
    const type = row.paged ? `PagedOperationMethod<'${entry.operationId}'>` : `OperationMethod<'${entry.operationId}', '${entry.method}'>`;
    return `${doc}\n  readonly ${entry.operationId}: ${type};`;
  });
  return [
    '// Generated by `npm run generate` from generated/openapi.yaml (tools/codegen/operations.ts): do not edit.',
    '// One method per operation of the spec: what the client needs to call it, and its typed signature.',
    "import type { OperationMethod, OperationTableRow, PagedOperationMethod } from './operation-types.ts';",
    '',
    '/** Each operation: its method and path template, and where each field of its input goes. */',
    'export const operationTable = {',
    ...table,
    '} as const satisfies Record<string, OperationTableRow>;',
    '',
    '/** A method per operation, named after its operationId. */',
    'export interface OperationMethods {',
    members.join('\n\n'),
    '}',
    '',
  ].join('\n');
}
