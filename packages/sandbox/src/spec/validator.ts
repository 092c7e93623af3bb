// JSON Schema validation of bodies against the bundled document with Ajv (2020-12
// dialect, the dialect of OpenAPI 3.1), independent of Redocly, Prism and Dredd.
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { createSpecAjv, openApiSchemaKeywords } from './ajv.ts';
import { loadBundledDocument } from './document.ts';
import { responseKeyFor, type OpenApiDocument } from '../../../sdk/src/spec/openapi.ts';
import { pointerSegment } from '../../../sdk/src/spec/pointer.ts';

const documentId = 'urn:wallet-api:openapi';
/** The keywords of an OpenAPI document's root, which Ajv sees when the whole document is registered as one schema. */
export const openApiRootKeywords = ['openapi', 'info', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags', 'jsonSchemaDialect'];

export type ValidationResult = { valid: true } | { valid: false; message: string };

/** Says whether a violation is one the caller knows about and accepts (a deliberate one); the others still count. */
export type ExcusedError = (error: ErrorObject) => boolean;

export class SpecValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument = loadBundledDocument()) {
    // Strict mode stays on so a typo in a schema keyword fails loudly. OpenAPI's own
    // keywords (schema-level and, because the document root is registered as the
    // schema resource, root-level) and our vendor extension are annotations only.
    this.ajv = createSpecAjv({ keywords: [...openApiSchemaKeywords, ...openApiRootKeywords] });
    // The whole document is registered once; schemas are addressed by JSON pointer.
    this.ajv.addSchema({ ...structuredClone(document), $id: documentId } as object);
  }

  /**
   * Validates a value against the schema at a JSON pointer of the document
   * ("#/components/schemas/Wallet"); violations `excused` accepts do not count.
   */
  validateAt(pointer: string, value: unknown, excused?: ExcusedError): ValidationResult {
    const validate = this.validatorAt(pointer);
    if (validate(value)) return { valid: true };
    const errors = excused ? validate.errors?.filter((error) => !excused(error)) : validate.errors;
    if (errors?.length === 0) return { valid: true };
    return { valid: false, message: this.ajv.errorsText(errors, { dataVar: 'body' }) };
  }

  /** Every violation of the schema at a JSON pointer by a value, as Ajv reports them; [] when it conforms. */
  errorsAt(pointer: string, value: unknown): ErrorObject[] {
    const validate = this.validatorAt(pointer);
    return validate(value) ? [] : [...(validate.errors ?? [])];
  }

  private validatorAt(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${documentId}${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  /**
   * The pointer of the response schema for an operation and HTTP status: the exact code
   * first, then its range (4XX), then `default`. A response that is a $ref to
   * components/responses is followed (Ajv follows $ref only inside schemas).
   * Undefined when the spec describes no such response.
   */
  responseSchemaPointer(method: string, path: string, status: number): string | undefined {
    const operation = this.document.paths[path]?.[method.toLowerCase()];
    if (!operation) return undefined;
    const key = responseKeyFor(operation.responses, status);
    if (!key) return undefined;
    return responseSchemaPointerFor(method, path, key, operation.responses[key]);
  }

  /** Validates a response body for an operation (path template as in the spec) and status; see validateAt for `excused`. */
  validateResponse(method: string, path: string, status: number, body: unknown, excused?: ExcusedError): ValidationResult {
    const pointer = this.responseSchemaPointer(method, path, status);
    if (!pointer) return { valid: false, message: `the spec describes no ${status} response for ${method.toUpperCase()} ${path}` };
    return this.validateAt(pointer, body, excused);
  }
}

/**
 * The pointer of the JSON schema of an operation's response under `key` (`200`, `4XX`). A
 * response that is a $ref to components/responses is followed (Ajv follows $ref only inside
 * schemas).
 */
export function responseSchemaPointerFor(method: string, path: string, key: string, response: unknown): string {
  const base = (response as { $ref?: string }).$ref ?? `#/paths/${pointerSegment(path)}/${method.toLowerCase()}/responses/${key}`;
  return `${base}/content/${pointerSegment('application/json')}/schema`;
}

/** The validators of this process, one per document object (weakly held: a reloaded spec's old one goes). */
const validatorsByDocument = new WeakMap<OpenApiDocument, SpecValidator>();

/**
 * The validator of a document, shared by everything in the process that checks against that
 * document object: every sandbox a test suite starts compiles the spec's schemas once, not
 * once per sandbox. A document is not changed once read (a reload reads a new one).
 */
export function specValidatorFor(document: OpenApiDocument = loadBundledDocument()): SpecValidator {
  let validator = validatorsByDocument.get(document);
  if (!validator) {
    validator = new SpecValidator(document);
    validatorsByDocument.set(document, validator);
  }
  return validator;
}
