// The one Ajv setup for the spec's schemas: JSON Schema 2020-12 (the dialect of OpenAPI
// 3.1) with formats. Strict mode stays on, so a typo in a schema keyword fails at start;
// keywords OpenAPI adds (example, x-undocumented, …) are declared as annotations instead
// of switching strict checks off. Required properties and types are not cross-checked
// (OpenAPI schemas state them across allOf branches).
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is published as CommonJS with a default export.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** OpenAPI's schema-level keywords and our marker, annotations only. */
export const openApiSchemaKeywords = ['example', 'x-undocumented', 'x-values-seen', 'x-observed', 'discriminator', 'xml', 'externalDocs'];

/** An Ajv for the spec's schemas; `options` adds to or overrides the shared settings. */
export function createSpecAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, strictTypes: false, keywords: openApiSchemaKeywords, ...options });
  addFormats(ajv);
  return ajv;
}

/** A violation as Ajv reports it (its ErrorObject, or Fastify's copy of one). */
export type SchemaError = { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> };

/** "body.amount must be number", "body must not have the property 'extra'": where, below `root`, and what. */
export function describeSchemaError(error: SchemaError, root: string): string {
  const where = root + error.instancePath.replaceAll('/', '.');
  if (error.keyword === 'additionalProperties') return `${where} must not have the property '${String(error.params.additionalProperty)}'`;
  if (error.keyword === 'required') return `${where} must have the property '${String(error.params.missingProperty)}'`;
  // A property a schema sets to `false` where it does not belong (a failure scenario's `times` beside `every`).
  if (error.keyword === 'false schema') return `${where} must not be given here`;
  return `${where} ${error.message ?? 'is invalid'}`;
}
