// What the profile's JSON Schema cannot say: that every name in a profile means something in
// the spec the sandbox serves, and that every entry can show in an answer. A profile that
// names a schema, field or operation the spec lacks, or whose entries cancel each other out,
// would otherwise start and quietly play something else than it says, and a report on the
// traffic could never find the entry.
import type { OpenApiDocument } from '../../../sdk/src/spec/openapi.ts';
import type { PathStep, RecordLocation } from '../../../sdk/src/spec/record-locations.ts';
import { ProfileTargets } from './targets.ts';
import type { Contradiction, ProviderProfile } from './types.ts';

type FieldContradiction = Extract<Contradiction, { field: string }>;
type Field = NonNullable<ReturnType<ProfileTargets['field']>>;

/** The JSON type a wrongType contradiction speaks of: integers are numbers. */
const jsonTypeOf = (field: Field) => (field.schema.type === 'integer' ? 'number' : field.schema.type);

/** A field contradiction must contradict: leave out a required field, or give a field the other JSON type. */
function fieldContradictionProblem(contradiction: FieldContradiction, field: Field): string | undefined {
  const name = `${contradiction.schema}.${contradiction.field}`;
  if (contradiction.kind === 'dropField') return field.required ? undefined : `field: ${name} is not required, so leaving it out contradicts nothing`;
  const documented = jsonTypeOf(field);
  if (documented !== 'string' && documented !== 'number') return `field: ${name} is neither a string nor a number in the spec`;
  return documented === contradiction.as ? `as: ${name} already is a ${documented}; wrongType must give it the other type` : undefined;
}

const sameStep = (a: PathStep, b: PathStep | undefined) => a.kind === b?.kind && (a.kind !== 'property' || (b.kind === 'property' && a.name === b.name));

/** Whether a location lies inside a field that another location's records lose (`Schema.field` in `dropped`). */
function insideDroppedField(location: RecordLocation, others: RecordLocation[], dropped: Set<string>): boolean {
  return others.some((outer) => {
    const step = location.path[outer.path.length];
    return step?.kind === 'property' && dropped.has(`${outer.schema}.${step.name}`) && outer.path.every((s, i) => sameStep(s, location.path[i]));
  });
}

/**
 * Every way the profile does not fit the document, each naming the profile's field
 * (`profile.values.Transaction.status`, `profile.contradictions.2.field`); empty when it
 * fits. The profile must already match profile.schema.json.
 */
export function profileProblems(profile: ProviderProfile, document: OpenApiDocument): string[] {
  const targets = new ProfileTargets(document);
  const problems: string[] = [];
  const contradictions = profile.contradictions ?? [];
  const erroring = new Map(contradictions.flatMap((c, index) => (c.kind === 'errorStatusOn2xx' ? [[c.operationId, index] as const] : [])));
  const dropped = new Set(contradictions.flatMap((c) => (c.kind === 'dropField' ? [`${c.schema}.${c.field}`] : [])));
  /** Whether some success answer shows records of the schema: not answered with the error envelope, not inside a dropped field. */
  const shown = (name: string) =>
    [...targets.locations].some(([operationId, locations]) => !erroring.has(operationId) && locations.some((l) => l.schema === name && !insideDroppedField(l, locations, dropped)));

  /** Whether some success answer shows records of the schema; the problem is said otherwise. */
  const recordSchema = (where: string, name: string): boolean => {
    let problem: string | undefined;
    if (targets.schema(name) === undefined) problem = `the spec has no schema ${name} in components.schemas`;
    else if (!targets.isObjectSchema(name)) problem = `${name} is not an object schema, so its records have no fields`;
    else if (!shown(name)) {
      problem = `no success answer carries ${name} records${targets.answeredSchemas().includes(name) ? ' (errorStatusOn2xx or dropField contradictions hide them in every answer)' : ''}`;
    }
    if (problem !== undefined) problems.push(`${where}: ${problem}`);
    return problem === undefined;
  };
  /** A documented field of a record schema; undefined, with the problem said, otherwise. */
  const documentedField = (where: { schema: string; field: string }, name: string, field: string): Field | undefined => {
    if (!recordSchema(where.schema, name)) return undefined;
    const found = targets.field(name, field);
    if (found === undefined) problems.push(`${where.field}: ${field} is not a documented field of ${name}`);
    return found;
  };
  const knownOperation = (where: string, operationId: string): boolean => {
    if (targets.operationIds.includes(operationId)) return true;
    problems.push(`${where}: the spec has no operation ${operationId}`);
    return false;
  };

  for (const [name, fields] of Object.entries(profile.extraFields ?? {})) {
    const where = `profile.extraFields.${name}`;
    if (!recordSchema(where, name)) continue;
    if (!targets.acceptsOtherFields(name)) problems.push(`${where}: ${name} limits the fields beyond its own, so extra fields would break the spec`);
    for (const field of Object.keys(fields)) {
      if (targets.field(name, field)) problems.push(`${where}.${field}: ${field} is a documented field of ${name}; extraFields are for fields the interface does not list`);
    }
  }

  /** `Schema.field` → the contradiction that changes it. */
  const changedFields = new Map<string, string>();
  contradictions.forEach((contradiction, index) => {
    const where = `profile.contradictions.${index}`;
    if (contradiction.kind === 'notEnvelope' || contradiction.kind === 'errorStatusOn2xx') {
      if (!knownOperation(`${where}.operationId`, contradiction.operationId)) return;
      const earlier = contradictions.findIndex((other, otherIndex) => otherIndex < index && 'operationId' in other && other.operationId === contradiction.operationId);
      if (earlier >= 0) problems.push(`${where}: profile.contradictions.${earlier} already changes the answers of ${contradiction.operationId}; one answer cannot show both`);
      return;
    }
    const field = documentedField({ schema: `${where}.schema`, field: `${where}.field` }, contradiction.schema, contradiction.field);
    if (field === undefined) return;
    const key = `${contradiction.schema}.${contradiction.field}`;
    const earlier = changedFields.get(key);
    if (earlier !== undefined) problems.push(`${where}: ${earlier} already changes ${key}; one field cannot show both`);
    else changedFields.set(key, where);
    const problem = fieldContradictionProblem(contradiction, field);
    if (problem !== undefined) problems.push(`${where}.${problem}`);
  });

  for (const [key, weights] of Object.entries(profile.values ?? {})) {
    const where = `profile.values.${key}`;
    const [name = '', fieldName = ''] = key.split('.');
    const field = documentedField({ schema: where, field: where }, name, fieldName);
    if (field === undefined) continue;
    if (field.schema.type !== 'string') {
      problems.push(`${where}: ${key} is not a string field`);
      continue;
    }
    const changedBy = changedFields.get(key);
    if (changedBy !== undefined) problems.push(`${where}: ${changedBy} also changes ${key}, so these values would never show`);
    for (const value of Object.keys(weights)) {
      const misfit = targets.misfit(name, fieldName, value);
      if (misfit !== undefined) problems.push(`${where}.${value}: the spec does not allow this value (${misfit})`);
    }
  }

  for (const operationId of Object.keys(profile.shapes ?? {})) {
    const where = `profile.shapes.${operationId}`;
    if (!knownOperation(where, operationId)) continue;
    if (!targets.unpublishedData.includes(operationId)) {
      problems.push(`${where}: the spec publishes the data shape of ${operationId}; shapes are for the operations whose shape it does not: ${targets.unpublishedData.join(', ')}`);
    }
    const index = erroring.get(operationId);
    if (index !== undefined) problems.push(`${where}: profile.contradictions.${index} answers ${operationId} with the error envelope, so the shape would never show`);
  }
  return problems;
}
