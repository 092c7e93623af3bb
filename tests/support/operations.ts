// The tests' one per-operation request builder. A model of every operation of the bundled
// spec: where its parameters go, what its body schema demands, its success example, and
// the valid request built from the spec's own examples (exampleRequest), which the mock
// and client tests send as is and the robustness suites mutate.
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listMediaExamples } from '../../tools/spec/examples.ts';
import { listOperations, type OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';

export type JsonSchema = {
  type?: string;
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  additionalProperties?: boolean | JsonSchema;
};

export type ParameterModel = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema; example: unknown };

export type OperationModel = {
  operationId: string;
  method: string;
  pathTemplate: string;
  parameters: ParameterModel[];
  /** The request body schema (refs resolved), when the operation takes a body. */
  body?: { schema: JsonSchema; example: Record<string, unknown> };
  /** The first named example of the 200 response: what Prism answers by default. */
  successExample: unknown;
};

export type ExampleRequest = {
  method: string;
  /** Path with query string, as sent. */
  pathWithQuery: string;
  /** Path and query parameter values, by name (as a client takes them). */
  pathParams: Record<string, string>;
  queryParams: Record<string, unknown>;
  /** The request example, when the operation takes a body. */
  body: Record<string, unknown> | undefined;
};

export function modelOperations(doc: OpenApiDocument = loadBundledDocument()): OperationModel[] {
  const examples = listMediaExamples(doc);
  return listOperations(doc).map(({ method, path, operationId, parameters, body }) => {
    const success = examples.find((e) => e.label.startsWith(`${operationId} 200 `));
    if (!success) throw new Error(`${operationId} has no 200 example`);
    const model: OperationModel = {
      operationId,
      method: method.toUpperCase(),
      pathTemplate: path,
      parameters: parameters.map((p) => ({ name: p.name, in: p.in as ParameterModel['in'], required: p.required, schema: p.schema as JsonSchema, example: p.example })),
      successExample: success.value,
    };
    if (body) {
      const example = examples.find((e) => e.label.startsWith(`${operationId} request `));
      if (!example) throw new Error(`${operationId} has no request example`);
      model.body = { schema: body.schema as JsonSchema, example: example.value as Record<string, unknown> };
    }
    return model;
  });
}

/** The operation's valid request from the spec's examples; `pathOverrides` aims it at real records. */
export function exampleRequest(op: OperationModel, pathOverrides: Record<string, string> = {}): ExampleRequest {
  const missing = op.parameters.filter((p) => p.example === undefined && (p.in === 'path' || p.required));
  if (missing.length) throw new Error(`${op.operationId}: no example for ${missing.map((p) => p.name).join(', ')}`);
  const query = baselineQuery(op);
  const path = baselinePath(op, pathOverrides);
  return {
    method: op.method,
    pathWithQuery: query.length ? `${path}?${new URLSearchParams(query).toString()}` : path,
    pathParams: Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, pathOverrides[p.name] ?? String(p.example)])),
    queryParams: Object.fromEntries(op.parameters.filter((p) => p.in === 'query' && p.example !== undefined).map((p) => [p.name, p.example])),
    body: op.body?.example,
  };
}

/** The path of a baseline request: every path parameter filled with its example. */
export function baselinePath(op: OperationModel, overrides: Record<string, string> = {}): string {
  return op.pathTemplate.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = overrides[name] ?? String(op.parameters.find((p) => p.name === name)?.example ?? name);
    return encodeURIComponent(value);
  });
}

/** The baseline query: every query parameter with an example, as [name, value] pairs. */
export function baselineQuery(op: OperationModel): [string, string][] {
  return op.parameters.filter((p) => p.in === 'query' && p.example !== undefined).map((p) => [p.name, String(p.example)]);
}
