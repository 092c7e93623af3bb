// A model of every operation of the bundled spec that the robustness suites mutate:
// where its parameters go, what its body schema demands, and a valid baseline request
// built from the spec's own examples.
import { listOperations, loadBundledDocument, type OpenApiDocument } from '../../../src/spec/document.ts';
import { listMediaExamples, resolvePointer } from '../../../src/spec/examples.ts';

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
  /** The request body schema (refs resolved one level), when the operation takes a body. */
  body?: { schema: JsonSchema; example: Record<string, unknown> };
};

function deref<T>(doc: OpenApiDocument, node: T): T {
  const ref = (node as { $ref?: string }).$ref;
  return ref ? deref(doc, resolvePointer(doc, ref) as T) : node;
}

/** The schema with `$ref`s of its own properties resolved, so field types can be read. */
function resolveSchema(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const resolved = deref(doc, schema);
  if (!resolved.properties) return resolved;
  const properties = Object.fromEntries(Object.entries(resolved.properties).map(([k, v]) => [k, deref(doc, v)]));
  return { ...resolved, properties };
}

export function modelOperations(doc: OpenApiDocument = loadBundledDocument()): OperationModel[] {
  const examples = listMediaExamples(doc);
  return listOperations(doc).map(({ method, path, operation }) => {
    const parameters = (operation.parameters ?? []).map((p) => {
      const param = deref(doc, p as ParameterModel & { schema: JsonSchema });
      return { name: param.name, in: param.in, required: param.required ?? false, schema: deref(doc, param.schema), example: param.example };
    });
    const model: OperationModel = { operationId: operation.operationId, method: method.toUpperCase(), pathTemplate: path, parameters };
    const requestBody = operation.requestBody as { content: { 'application/json': { schema: JsonSchema } } } | undefined;
    if (requestBody) {
      const example = examples.find((e) => e.label.startsWith(`${operation.operationId} request `));
      if (!example) throw new Error(`${operation.operationId} has no request example`);
      model.body = { schema: resolveSchema(doc, requestBody.content['application/json'].schema), example: example.value as Record<string, unknown> };
    }
    return model;
  });
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
