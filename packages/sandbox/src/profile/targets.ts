// What a provider profile can name in a spec: its operations, the schemas whose records
// success answers carry (and where), their documented fields, and the operations whose data
// shape is not published. Read from the document the sandbox serves, never written down,
// so a profile is judged by the spec it will play against.
import { deref, listOperations, type OpenApiDocument, type Schema } from '../../../sdk/src/spec/openapi.ts';
import { pointerSegment } from '../../../sdk/src/spec/pointer.ts';
import { recordLocations, successBodySchema, type RecordLocation } from '../../../sdk/src/spec/record-locations.ts';
import { specValidatorFor } from '../spec/validator.ts';

/** Keywords that limit the fields an object may have beyond its own properties. */
const fieldLimits = ['additionalProperties', 'patternProperties', 'propertyNames', 'unevaluatedProperties'];

export class ProfileTargets {
  readonly operationIds: string[];
  /** Operation → where its success answers carry records of each schema. */
  readonly locations = new Map<string, RecordLocation[]>();
  /** Operations whose 200 data schema has no type: the provider has not published that shape. */
  readonly unpublishedData: string[] = [];

  constructor(readonly document: OpenApiDocument) {
    this.operationIds = listOperations(document).map((entry) => entry.operationId);
    for (const operationId of this.operationIds) {
      this.locations.set(operationId, recordLocations(document, operationId));
      const envelope = successBodySchema(document, operationId)?.properties as Record<string, unknown> | undefined;
      if (envelope?.data !== undefined && !('type' in deref(document, envelope.data as Schema))) this.unpublishedData.push(operationId);
    }
  }

  /** The schemas whose records some success answer carries, in the order first met. */
  answeredSchemas(): string[] {
    return [...new Set([...this.locations.values()].flat().map((location) => location.schema))];
  }

  /** A schema of components.schemas, `$ref` followed. */
  schema(name: string): Schema | undefined {
    const schemas = this.document.components.schemas;
    return schemas && Object.hasOwn(schemas, name) ? deref(this.document, schemas[name] as Schema) : undefined;
  }

  /** Whether the schema describes objects (its records have fields). */
  isObjectSchema(name: string): boolean {
    const schema = this.schema(name);
    return schema !== undefined && (schema.type === 'object' || schema.properties !== undefined);
  }

  /** Whether records of the schema may carry fields the spec does not list without breaking it. */
  acceptsOtherFields(name: string): boolean {
    const schema = this.schema(name);
    return schema !== undefined && fieldLimits.every((keyword) => schema[keyword] === undefined || schema[keyword] === true);
  }

  /** The documented fields of a schema, with their schemas (`$ref` followed) and whether each is required. */
  fields(name: string): { field: string; schema: Schema; required: boolean }[] {
    const schema = this.schema(name);
    const properties = (schema?.properties ?? {}) as Record<string, unknown>;
    const required = Array.isArray(schema?.required) ? (schema.required as string[]) : [];
    return Object.entries(properties).map(([field, property]) => ({ field, schema: deref(this.document, property as Schema), required: required.includes(field) }));
  }

  field(name: string, field: string): { field: string; schema: Schema; required: boolean } | undefined {
    return this.fields(name).find((candidate) => candidate.field === field);
  }

  /** Checks a value against a field's schema in the spec; undefined when it fits, else what is wrong. */
  misfit(name: string, field: string, value: unknown): string | undefined {
    const result = specValidatorFor(this.document).validateAt(`#/components/schemas/${pointerSegment(name)}/properties/${pointerSegment(field)}`, value);
    return result.valid ? undefined : result.message.replace(/^body /, '');
  }
}
