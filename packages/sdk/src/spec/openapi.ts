// The OpenAPI document as plain data, and the one way the project reads it: what a "#/…"
// pointer names, `$ref`s followed, and the operations with their parameters and request
// body. No dependencies (no YAML parser, no Ajv): the command line in the SDK package reads
// the JSON bundle with it, the spec tools, docs and tests the YAML one (document.ts).
import { pointerKey } from './pointer.ts';

export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, OperationObject>>;
  components: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
};

export type OperationObject = {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  [key: string]: unknown;
};

export const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** A JSON Schema, read keyword by keyword. */
export type Schema = { [keyword: string]: unknown };

const isContainer = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * What a local pointer ("#/components/schemas/Wallet", "#" for the whole document) names;
 * undefined when nothing is there. Segments are unescaped as RFC 6901 says ("~1" is "/",
 * "~0" is "~"), as pointerSegment writes them; they are not percent-decoded.
 */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#')) throw new Error(`not a local pointer: ${pointer}`);
  const path = pointer.slice(1);
  if (path === '') return doc;
  if (!path.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`);
  let node: unknown = doc;
  for (const segment of path.slice(1).split('/')) {
    if (!isContainer(node)) return undefined;
    node = node[pointerKey(segment)];
  }
  return node;
}

/** The "#/…" reference of an object that is a `$ref` into the same document; undefined for anything else. */
export function localRef(value: unknown): string | undefined {
  return isContainer(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#/') ? value.$ref : undefined;
}

const maxRefHops = 32;

/**
 * What an object that is a local `$ref` names, followed until it is not one; anything else
 * is returned as it is. A reference to nothing or a cycle of references throws.
 */
export function deref<T>(doc: unknown, value: T): T {
  let current: unknown = value;
  for (let hops = 0, ref = localRef(current); ref !== undefined; hops++, ref = localRef(current)) {
    if (hops === maxRefHops) throw new Error(`a $ref cycle in the spec at ${ref}`);
    current = resolvePointer(doc, ref);
    if (current === undefined) throw new Error(`the spec has no ${ref}`);
  }
  return current as T;
}

/**
 * A schema with its `$ref` followed, and those of its properties, items and schema-valued
 * additionalProperties, all the way down. A reference met again inside itself (a recursive
 * schema) is left as the `$ref`, so a reader that does not follow it can say so.
 */
export function resolveSchema(doc: unknown, schema: unknown, expanding: ReadonlySet<string> = new Set()): Schema {
  const ref = localRef(schema);
  if (ref !== undefined && expanding.has(ref)) return { $ref: ref };
  const inside = ref === undefined ? expanding : new Set([...expanding, ref]);
  const resolved = deref(doc, schema);
  if (!isContainer(resolved)) return {};
  const out: Schema = { ...resolved };
  if (isContainer(resolved.properties)) {
    out.properties = Object.fromEntries(Object.entries(resolved.properties).map(([name, sub]) => [name, resolveSchema(doc, sub, inside)]));
  }
  if (isContainer(resolved.items)) out.items = resolveSchema(doc, resolved.items, inside);
  if (isContainer(resolved.additionalProperties)) out.additionalProperties = resolveSchema(doc, resolved.additionalProperties, inside);
  return out;
}

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description: string;
  /** The parameter's x-undocumented note: what the provider has not published about it. */
  unpublished: string | undefined;
  schema: Schema;
  example: unknown;
};

export type RequestBody = { required: boolean; schema: Schema };

export type OperationEntry = {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  /** The operation's x-undocumented note. */
  unpublished: string | undefined;
  /** The operation as the document has it. */
  operation: OperationObject;
  /** Path-level and operation-level parameters, `$ref`s and schemas resolved; an operation's own wins over the path's of the same name and place. */
  parameters: Parameter[];
  /** The JSON request body, when the operation takes one. */
  body: RequestBody | undefined;
};

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function readParameter(doc: unknown, raw: unknown): Parameter {
  const p = deref(doc, raw) as Record<string, unknown>;
  return {
    name: String(p.name),
    in: p.in as Parameter['in'],
    required: p.required === true,
    description: text(p.description) ?? '',
    unpublished: text(p['x-undocumented']),
    schema: resolveSchema(doc, p.schema ?? {}),
    example: p.example,
  };
}

function readParameters(doc: unknown, pathItem: Record<string, unknown>, operation: OperationObject): Parameter[] {
  const byPlace = new Map<string, Parameter>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    for (const raw of Array.isArray(list) ? list : []) {
      const parameter = readParameter(doc, raw);
      byPlace.set(`${parameter.in} ${parameter.name}`, parameter);
    }
  }
  return [...byPlace.values()];
}

function readRequestBody(doc: unknown, operation: OperationObject): RequestBody | undefined {
  if (operation.requestBody === undefined) return undefined;
  const requestBody = deref(doc, operation.requestBody) as { required?: unknown; content?: Record<string, { schema?: unknown }> };
  const json = requestBody.content?.['application/json'];
  return json ? { required: requestBody.required === true, schema: resolveSchema(doc, json.schema ?? {}) } : undefined;
}

/** Every operation of the document, in document order. */
export function listOperations(doc: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of httpMethods) {
      const operation = item[method];
      if (!operation) continue;
      entries.push({
        method,
        path,
        operationId: operation.operationId,
        summary: text(operation.summary) ?? '',
        unpublished: text(operation['x-undocumented']),
        operation,
        parameters: readParameters(doc, item, operation),
        body: readRequestBody(doc, operation),
      });
    }
  }
  return entries;
}

/**
 * The key of the response an operation describes for an HTTP status: the exact code first,
 * then its range (`4XX`), then `default`; undefined when it describes none.
 */
export function responseKeyFor(responses: Record<string, unknown>, status: number): string | undefined {
  const code = String(status);
  return [code, `${code[0]}XX`, 'default'].find((key) => key in responses);
}

/**
 * Finds the operation a request was for by the spec's own path templates: a template
 * matches a path with as many segments (after any prefix the base address adds), each
 * literal segment equal and each `{parameter}` one non-empty segment. Where several
 * match, the one whose literal segments come first wins, segment by segment
 * (`/swaps/quotes` before `/swaps/{id}`), whatever their order in the document.
 */
export function operationMatcher(doc: OpenApiDocument): (method: string, url: string) => OperationEntry | undefined {
  const templates = listOperations(doc).map((entry) => ({ entry, segments: entry.path.split('/').slice(1) }));
  const isParameter = (segment: string) => /^\{[^}]+\}$/.test(segment);
  return (method, url) => {
    const wanted = method.toLowerCase();
    const segments = new URL(url, 'http://recorded.invalid').pathname.split('/').slice(1).map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
    let best: { entry: OperationEntry; segments: string[] } | undefined;
    for (const template of templates) {
      if (template.entry.method !== wanted || template.segments.length > segments.length) continue;
      const tail = segments.slice(segments.length - template.segments.length);
      if (!template.segments.every((segment, index) => (isParameter(segment) ? tail[index] !== '' : segment === tail[index]))) continue;
      if (best === undefined || moreLiteral(template.segments, best.segments, isParameter)) best = template;
    }
    return best?.entry;
  };
}

/** True when `a` has a literal segment where `b` first has a parameter (or is longer, all else equal: less of the path is a prefix). */
function moreLiteral(a: readonly string[], b: readonly string[], isParameter: (segment: string) => boolean): boolean {
  if (a.length !== b.length) return a.length > b.length;
  for (let index = 0; index < a.length; index++) {
    const pa = isParameter(a[index]!);
    const pb = isParameter(b[index]!);
    if (pa !== pb) return !pa;
  }
  return false;
}
