// The bundled OpenAPI document, loaded once. Everything at run time (sandbox routes,
// response checks, contract hooks, the unknowns checklist) reads this one file, so what
// runs can never disagree with what is published.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const bundledSpecPath = fileURLToPath(new URL('../../generated/openapi.yaml', import.meta.url));

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

let cached: OpenApiDocument | undefined;

/** Parses a YAML OpenAPI document from text. */
export function parseDocument(text: string): OpenApiDocument {
  return parse(text) as OpenApiDocument;
}

/** The bundled document in generated/openapi.yaml (parsed once per process). */
export function loadBundledDocument(path: string = bundledSpecPath): OpenApiDocument {
  if (path !== bundledSpecPath) return parseDocument(readFileSync(path, 'utf8'));
  cached ??= parseDocument(readFileSync(path, 'utf8'));
  return cached;
}

export type OperationEntry = { method: string; path: string; operation: OperationObject };

/** Every operation of the document, in document order. */
export function listOperations(doc: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of httpMethods) {
      const operation = item[method];
      if (operation) entries.push({ method, path, operation });
    }
  }
  return entries;
}
