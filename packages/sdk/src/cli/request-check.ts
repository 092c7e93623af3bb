// The command line's check of its input before sending: the validators compiled from the
// spec at build time (generated/request-validators.js, tools/codegen/request-validators.ts),
// so it refuses exactly what the spec refuses, with each refusal worded to name the field
// ("--query amount must be greater than 0", "--body: password is required").
import { requests, type OperationRequest, type SchemaViolation, type Validator } from '../../../../generated/request-validators.js';
import type { Schema } from '../spec/openapi.ts';
import { pointerKey } from '../spec/pointer.ts';
import { stringFormats } from './formats.ts';
import type { Operation } from './spec.ts';

function requestOf(op: Operation): OperationRequest {
  const request = requests[op.operationId];
  // Only a spec changed without `npm run generate` gets here; check:generated says so too.
  if (request === undefined) throw new Error(`generated/request-validators.js has no ${op.operationId}: run npm run generate`);
  return request;
}

/** The problems of a path or query parameter's value, each naming it (`--query amount must be greater than 0`); [] when it conforms. */
export function checkParameter(op: Operation, location: 'path' | 'query', name: string, schema: Schema, value: unknown): string[] {
  const validator = requestOf(op).parameters[`${location} ${name}`];
  if (validator === undefined) throw new Error(`generated/request-validators.js has no ${location} parameter ${name} of ${op.operationId}: run npm run generate`);
  return problemsOf(validator, schema, value, `--${location} ${name}`);
}

/** The problems of a request body, each naming its field (`amount must be greater than 0`); [] when it conforms. */
export function checkBody(op: Operation, schema: Schema, body: unknown): string[] {
  const validator = requestOf(op).body;
  if (validator === undefined) throw new Error(`generated/request-validators.js has no body of ${op.operationId}: run npm run generate`);
  return problemsOf(validator, schema, body, 'the body');
}

/** The violations of `validator` by `value`, worded to name where (`root` names the whole value). */
export function problemsOf(validator: Validator, schema: Schema, value: unknown, root: string): string[] {
  if (validator(value)) return [];
  const violations = validator.errors ?? [];
  // A value of the wrong type is told so, and nothing else about it: what else it breaks follows from that.
  const mistyped = new Set(violations.filter((v) => v.keyword === 'type').map((v) => v.instancePath));
  return violations.filter((v) => v.keyword === 'type' || !mistyped.has(v.instancePath)).map((v) => describe(v, schema, value, root));
}

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value;

const withArticle = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

/** What a violation's instance path names, as people read it: `amount`, `items[0].coin`, `--query amount`. */
function place(root: string, value: unknown, instancePath: string): { where: string; value: unknown } {
  let where = root;
  let at = value;
  for (const key of instancePath === '' ? [] : instancePath.split('/').slice(1).map(pointerKey)) {
    where = Array.isArray(at) ? `${where}[${key}]` : `${where === 'the body' ? '' : `${where}.`}${key}`;
    at = (at as Record<string, unknown> | undefined)?.[key];
  }
  return { where, value: at };
}

/** The schema at an instance path of a value (through properties, items and additionalProperties). */
function schemaAt(schema: Schema, value: unknown, instancePath: string): Schema | undefined {
  let current: Schema | undefined = schema;
  let at = value;
  for (const key of instancePath === '' ? [] : instancePath.split('/').slice(1).map(pointerKey)) {
    if (current === undefined) return undefined;
    const properties = current.properties as Record<string, Schema> | undefined;
    current = Array.isArray(at) ? (current.items as Schema | undefined) : (properties?.[key] ?? (typeof current.additionalProperties === 'object' ? (current.additionalProperties as Schema) : undefined));
    at = (at as Record<string, unknown> | undefined)?.[key];
  }
  return current;
}

function describe(violation: SchemaViolation, schema: Schema, value: unknown, root: string): string {
  const { where, value: found } = place(root, value, violation.instancePath);
  const params = violation.params;
  const member = (name: string) => `${where === 'the body' ? '' : `${where}.`}${name}`;
  switch (violation.keyword) {
    case 'type': {
      const types = Array.isArray(params.type) ? (params.type as string[]) : String(params.type).split(',');
      const actual = typeOf(found);
      return `${where} must be ${types.map(withArticle).join(' or ')}, not ${actual === 'integer' ? 'a number' : withArticle(actual)}`;
    }
    case 'required':
      return `${member(String(params.missingProperty))} is required`;
    case 'additionalProperties': {
      const fields = Object.keys((schemaAt(schema, value, violation.instancePath)?.properties as Record<string, unknown> | undefined) ?? {});
      return `${member(String(params.additionalProperty))} is not a field of this body (fields: ${fields.join(', ')})`;
    }
    case 'enum':
      return `${where} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${where} must be ${JSON.stringify(params.allowedValue)}`;
    case 'pattern':
      return `${where} must match the pattern ${String(params.pattern)}`;
    case 'format': {
      const format = String(params.format);
      return `${where} must be a ${format} such as ${stringFormats.get(format)?.example ?? '(see the spec)'}`;
    }
    case 'minLength':
      return `${where} must have at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `${where} must have at most ${String(params.limit)} characters`;
    case 'minimum':
      return `${where} must be at least ${String(params.limit)}`;
    case 'maximum':
      return `${where} must be at most ${String(params.limit)}`;
    case 'exclusiveMinimum':
      return `${where} must be greater than ${String(params.limit)}`;
    case 'exclusiveMaximum':
      return `${where} must be less than ${String(params.limit)}`;
    case 'multipleOf':
      return `${where} must be a multiple of ${String(params.multipleOf)}`;
    case 'minItems':
      return `${where} must have at least ${String(params.limit)} items`;
    case 'maxItems':
      return `${where} must have at most ${String(params.limit)} items`;
    default:
      return `${where} must pass the spec's "${violation.keyword}"`;
  }
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
