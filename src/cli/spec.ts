// The operations of the API as the command line knows them: read from the spec the SDK
// package ships as JSON (generated/openapi.json, two folders up from both src/cli and
// dist/cli), with every local $ref followed. No YAML parser: the SDK carries none.
import { readFileSync } from 'node:fs';
import { pointerKey } from '../spec/pointer.ts';

/** The subset of a JSON Schema the command line reads. */
export type Schema = { [keyword: string]: unknown };

export type Parameter = {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  /** The x-undocumented note: what the provider has not published. */
  unpublished: string | undefined;
  schema: Schema;
};

export type Operation = {
  operationId: string;
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  unpublished: string | undefined;
  parameters: Parameter[];
  /** The JSON body schema, when the operation takes one. */
  body: { required: boolean; schema: Schema } | undefined;
};

type Document = { paths: Record<string, Record<string, unknown>>; components?: Record<string, Record<string, unknown>> };

const specUrl = new URL('../../generated/openapi.json', import.meta.url);

export function loadDocument(): Document {
  return JSON.parse(readFileSync(specUrl, 'utf8')) as Document;
}

/** Follows a local "#/components/…" reference (repeatedly) to what it names. */
export function deref<T>(document: Document, value: T): T {
  let current: unknown = value;
  for (let hops = 0; current && typeof current === 'object' && typeof (current as { $ref?: unknown }).$ref === 'string'; hops++) {
    if (hops > 32) throw new Error('a $ref cycle in the spec');
    const pointer = ((current as { $ref: string }).$ref.replace(/^#\//, '')).split('/').map(pointerKey);
    current = pointer.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
    if (current === undefined) throw new Error(`the spec has no ${(value as { $ref: string }).$ref}`);
  }
  return current as T;
}

/** A schema with its own $ref and those of its properties and items followed, for checking and help. */
export function resolveSchema(document: Document, schema: unknown): Schema {
  const resolved = deref(document, schema) as Schema;
  const out: Schema = { ...resolved };
  if (resolved.properties && typeof resolved.properties === 'object') {
    out.properties = Object.fromEntries(Object.entries(resolved.properties as Record<string, unknown>).map(([name, sub]) => [name, resolveSchema(document, sub)]));
  }
  if (resolved.items) out.items = resolveSchema(document, resolved.items);
  return out;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function loadOperations(document: Document = loadDocument()): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post'] as const) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op || typeof op.operationId !== 'string') continue;
      const rawParameters = [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])];
      const parameters = rawParameters.map((raw): Parameter => {
        const p = deref(document, raw) as Record<string, unknown>;
        return {
          name: String(p.name),
          in: p.in as 'path' | 'query',
          required: p.required === true,
          description: text(p.description) ?? '',
          unpublished: text(p['x-undocumented']),
          schema: resolveSchema(document, p.schema ?? {}),
        };
      });
      const requestBody = op.requestBody ? (deref(document, op.requestBody) as Record<string, unknown>) : undefined;
      const json = (requestBody?.content as Record<string, { schema?: unknown }> | undefined)?.['application/json'];
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        summary: text(op.summary) ?? '',
        unpublished: text(op['x-undocumented']),
        parameters,
        body: json ? { required: requestBody?.required === true, schema: resolveSchema(document, json.schema ?? {}) } : undefined,
      });
    }
  }
  return operations;
}
