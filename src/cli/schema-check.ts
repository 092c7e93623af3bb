// Checks a value against the small subset of JSON Schema that the spec's parameters and
// request bodies use, so the command line refuses what the spec refuses before sending.
// Ajv would do this in full, but the SDK package keeps its runtime dependencies to
// openapi-fetch and openapi-typescript-helpers, for the production backends that install
// it. `uncheckedParts` (asserted by the tests over every operation) makes a spec that starts
// using another keyword, a format this checker does not know or a parameter the command line
// cannot send fail loudly instead of going unchecked.
import type { Schema } from '../spec/openapi.ts';
import { stringFormats } from './formats.ts';
import type { Operation } from './spec.ts';

/** Keywords the checker enforces (format: those of stringFormats), and those it may ignore because they only annotate. */
const enforced = new Set([
  'type', 'enum', 'const', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'required', 'properties', 'additionalProperties', 'items', 'minItems', 'maxItems', 'format',
]);
// No $ref: the loader resolves every reference, so one left is a recursive schema the checker does not follow.
const annotations = new Set(['description', 'title', 'example', 'examples', 'default', 'readOnly', 'writeOnly', 'deprecated', 'x-undocumented', 'nullable']);

/**
 * Keywords in a schema (and its properties and items) that the checker neither enforces nor
 * may ignore, and a format it does not know as "format: <name>".
 */
export function unsupportedKeywords(schema: Schema): string[] {
  const found = Object.keys(schema).filter((keyword) => !enforced.has(keyword) && !annotations.has(keyword) && !keyword.startsWith('x-'));
  if ('format' in schema && !(typeof schema.format === 'string' && stringFormats.has(schema.format))) found.push(`format: ${String(schema.format)}`);
  const nested = [
    ...Object.values((schema.properties as Record<string, Schema> | undefined) ?? {}),
    ...(schema.items && typeof schema.items === 'object' ? [schema.items as Schema] : []),
    ...(schema.additionalProperties && typeof schema.additionalProperties === 'object' ? [schema.additionalProperties as Schema] : []),
  ];
  return [...new Set([...found, ...nested.flatMap(unsupportedKeywords)])];
}

/** What of the operations the command line would not check or could not send, one line each; [] when it covers them all. */
export function uncheckedParts(operations: Operation[]): string[] {
  return operations.flatMap((op) => [
    ...op.parameters.flatMap((p) => [
      ...(p.in === 'path' || p.in === 'query' ? [] : [`${op.operationId}: the ${p.in} parameter ${p.name} cannot be given on the command line`]),
      ...unsupportedKeywords(p.schema).map((keyword) => `${op.operationId} --${p.in} ${p.name}: ${keyword}`),
    ]),
    ...(op.body ? unsupportedKeywords(op.body.schema).map((keyword) => `${op.operationId} body: ${keyword}`) : []),
  ]);
}

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value;

const withArticle = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

/** The problems of a value against a schema, each naming where ("amount must be greater than 0"); [] when it conforms. */
export function checkValue(schema: Schema, value: unknown, where: string): string[] {
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  const actual = typeOf(value);
  if (types.length > 0 && !types.some((t) => t === actual || (t === 'number' && actual === 'integer'))) {
    return [`${where} must be ${types.map(withArticle).join(' or ')}, not ${actual === 'integer' ? 'a number' : withArticle(actual)}`];
  }
  const problems: string[] = [];
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value))) {
    problems.push(`${where} must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) problems.push(`${where} must be ${JSON.stringify(schema.const)}`);
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength) problems.push(`${where} must have at least ${schema.minLength} characters`);
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) problems.push(`${where} must have at most ${schema.maxLength} characters`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) problems.push(`${where} must match the pattern ${schema.pattern}`);
    const format = typeof schema.format === 'string' ? stringFormats.get(schema.format) : undefined;
    if (format && !format.check(value)) problems.push(`${where} must be a ${schema.format as string} such as ${format.example}`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${where} must be at least ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) problems.push(`${where} must be at most ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) problems.push(`${where} must be greater than ${schema.exclusiveMinimum}`);
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) problems.push(`${where} must be less than ${schema.exclusiveMaximum}`);
    if (typeof schema.multipleOf === 'number' && !Number.isInteger(value / schema.multipleOf)) problems.push(`${where} must be a multiple of ${schema.multipleOf}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) problems.push(`${where} must have at least ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) problems.push(`${where} must have at most ${schema.maxItems} items`);
    if (schema.items && typeof schema.items === 'object') value.forEach((item, i) => problems.push(...checkValue(schema.items as Schema, item, `${where}[${i}]`)));
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
    const prefix = where === 'the body' ? '' : `${where}.`;
    for (const name of (schema.required as string[] | undefined) ?? []) if (!(name in object)) problems.push(`${prefix}${name} is required`);
    for (const [name, field] of Object.entries(object)) {
      if (properties[name]) problems.push(...checkValue(properties[name], field, `${prefix}${name}`));
      else if (schema.additionalProperties === false) problems.push(`${prefix}${name} is not a field of this body (fields: ${Object.keys(properties).join(', ')})`);
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') problems.push(...checkValue(schema.additionalProperties as Schema, field, `${prefix}${name}`));
    }
  }
  return problems;
}

/** Reads a command-line string as the parameter's schema type: "100" is the number 100 where the schema says number. */
export function parseParameterValue(schema: Schema, raw: string): { value: unknown } | { problem: string } {
  const types = schema.type === undefined ? ['string'] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  if (types.includes('string')) return { value: raw };
  if (types.includes('integer') || types.includes('number')) {
    const number = raw.trim() === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(number)) return { problem: `is not a number: ${JSON.stringify(raw)}` };
    if (!types.includes('number') && !Number.isInteger(number)) return { problem: `must be an integer, not ${raw}` };
    return { value: number };
  }
  if (types.includes('boolean')) {
    if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
    return { problem: `must be true or false, not ${JSON.stringify(raw)}` };
  }
  return { problem: `has a type (${types.join(', ')}) the command line cannot read from text` };
}
