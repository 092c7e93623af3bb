// Request validation with Ajv in the JSON Schema 2020-12 dialect of OpenAPI 3.1. Strict
// mode stays on (a typo in a schema keyword fails at start); OpenAPI's `example` and our
// `x-undocumented` marker are declared as annotation keywords instead of switching strict
// checks off. Bodies are validated exactly as sent: no coercion ("5" is not a number) and
// no removal of extra properties (closed bodies answer 400). Query strings and path
// parameters are strings on the wire, so they are coerced to the schema's types.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { shared } from './shared.ts';

// ajv-formats is published as CommonJS with a default export.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const annotationKeywords = ['example', 'x-undocumented'];

function createAjv(coerceTypes: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    strictRequired: false,
    strictTypes: false,
    allErrors: true,
    coerceTypes,
    removeAdditional: false,
    useDefaults: false,
    keywords: annotationKeywords,
  });
  addFormats(ajv);
  return ajv;
}

export const validationPlugin = shared(async (app: FastifyInstance) => {
  const bodies = createAjv(false);
  const strings = createAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodies : strings).compile(schema));
});
