// Builds, from the spec alone, a request for every operation that Prism must accept:
// path and query parameters from their examples, the body from the request example.
import { listOperations, type OpenApiDocument, type OperationObject } from '../../src/spec/document.ts';
import { resolvePointer } from '../../src/spec/examples.ts';

export type ExampleRequest = {
  operationId: string;
  method: string;
  pathTemplate: string;
  path: string;
  body: unknown;
  /** The first named example of the 200 response: what Prism answers by default. */
  expected: unknown;
};

type Parameter = { name: string; in: string; example?: unknown };
type Media = { examples?: Record<string, { $ref?: string; value?: unknown }> };

export const authHeaders = { 'x-api-key': 'mock-key', 'x-timestamp': '2026-11-21T10:15:30.123Z', 'x-signature': 'mock-signature' };

export function exampleRequests(doc: OpenApiDocument): ExampleRequest[] {
  return listOperations(doc).map(({ method, path, operation }) => {
    const parameters = (operation.parameters ?? []).map((p) => deref<Parameter>(doc, p));
    let concrete = path;
    const query = new URLSearchParams();
    for (const p of parameters) {
      if (p.example === undefined) throw new Error(`${operation.operationId}: parameter ${p.name} has no example`);
      if (p.in === 'path') concrete = concrete.replace(`{${p.name}}`, encodeURIComponent(String(p.example)));
      if (p.in === 'query') query.set(p.name, String(p.example));
    }
    const search = query.size ? `?${query}` : '';
    return {
      operationId: operation.operationId,
      method: method.toUpperCase(),
      pathTemplate: path,
      path: concrete + search,
      body: firstExample(doc, deref<{ content?: Record<string, Media> }>(doc, operation.requestBody)?.content),
      expected: firstExample(doc, deref<{ content?: Record<string, Media> }>(doc, successResponse(operation)).content),
    };
  });
}

function successResponse(operation: OperationObject): unknown {
  const response = operation.responses['200'];
  if (!response) throw new Error(`${operation.operationId} has no 200 response`);
  return response;
}

function firstExample(doc: OpenApiDocument, content: Record<string, Media> | undefined): unknown {
  const first = Object.values(content?.['application/json']?.examples ?? {})[0];
  return first ? deref<{ value?: unknown }>(doc, first).value : undefined;
}

function deref<T>(doc: OpenApiDocument, node: unknown): T {
  const ref = (node as { $ref?: string } | undefined)?.$ref;
  return (ref ? resolvePointer(doc, ref) : node) as T;
}
