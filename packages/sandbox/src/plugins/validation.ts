// Request validation with Ajv in the JSON Schema 2020-12 dialect of OpenAPI 3.1. Strict
// mode stays on (a typo in a schema keyword fails at start); OpenAPI's `example` and our
// `x-undocumented` marker are declared as annotation keywords instead of switching strict
// checks off. Bodies are validated exactly as sent: no coercion ("5" is not a number) and
// no removal of extra properties (closed bodies answer 400). Query strings and path
// parameters are strings on the wire, so they are coerced to the schema's types.
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSpecAjv } from '../spec/ajv.ts';

function createAjv(coerceTypes: boolean): Ajv2020 {
  return createSpecAjv({ coerceTypes, removeAdditional: false, useDefaults: false });
}

/** How a number or an integer may be written in a query string or a path. */
const numberNotation = { integer: /^-?\d+$/, number: /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/ } as const;

type StringPartSchema = { properties?: Record<string, { type?: string }> };

/**
 * Ajv coerces any string JavaScript's Number() accepts: "0x10" becomes 16, " 5" 5, and a
 * numeric string too large for a double ("1e400") Infinity, which it then accepts as a
 * number or integer. Query and path values are therefore checked before coercion for a
 * plain decimal notation, and after it for a finite value.
 */
function decimalNumbersOnly(schema: StringPartSchema, validate: ValidateFunction): ValidateFunction {
  const numeric = Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
    property.type === 'integer' || property.type === 'number' ? [[name, property.type] as const] : [],
  );
  const fail = (name: string, message: string) => {
    const error: ErrorObject = { instancePath: `/${name}`, schemaPath: `#/properties/${name}/type`, keyword: 'type', params: {}, message };
    checked.errors = [error];
    return false;
  };
  const checked = ((data: Record<string, unknown>) => {
    for (const [name, type] of numeric) {
      const raw = data?.[name];
      if (typeof raw === 'string' && !numberNotation[type].test(raw)) return fail(name, `must be ${type} in decimal notation`);
    }
    if (!validate(data)) {
      checked.errors = validate.errors;
      return false;
    }
    for (const [name] of numeric) {
      const value = data?.[name];
      if (typeof value === 'number' && !Number.isFinite(value)) return fail(name, 'must be a finite number');
    }
    checked.errors = null;
    return true;
  }) as ValidateFunction;
  return checked;
}

/**
 * The request validators of this process, by the schema's JSON and the part it checks: every
 * sandbox started in the process (a test suite may start one per file or per test, and the
 * live edit loop one per save) compiles a route schema it has seen before no more. A schema
 * changed by an edit is a new entry, and the entries of an old spec stay: a few small
 * functions per edit.
 */
let requestValidators: { bodies: Ajv2020; strings: Ajv2020; compiled: Map<string, ValidateFunction> } | undefined;

function requestValidator(schema: unknown, httpPart: string | undefined): ValidateFunction {
  requestValidators ??= { bodies: createAjv(false), strings: createAjv(true), compiled: new Map() };
  const { bodies, strings, compiled } = requestValidators;
  const body = httpPart === 'body';
  const key = `${body ? 'body' : 'string'} ${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = body ? bodies.compile(schema as object) : decimalNumbersOnly(schema as StringPartSchema, strings.compile(schema as object));
    compiled.set(key, validate);
  }
  return validate;
}

export const validationPlugin = fp(async (app: FastifyInstance) => {
  app.setValidatorCompiler(({ schema, httpPart }) => requestValidator(schema, httpPart));
}, { name: 'sandbox-validation' });
