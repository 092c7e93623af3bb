// A provider profile (packages/sandbox/src/profile) as the sandbox's standing Behaviour. Each success
// answer of an operation the profile touches is copied and edited: the profile's shape as
// the data, then every record of a schema the profile names (found where the spec puts them,
// packages/sdk/src/spec/record-locations.ts) gets its extra fields, its next values and its
// contradictions, then the envelope goes or becomes the error envelope. The handler's own
// answer, and with it the sandbox's state, is never changed. Refusals take the profile's
// code and message for their class.
import { errorEnvelope } from '../../../sdk/src/envelope/index.ts';
import { listOperations, type OpenApiDocument } from '../../../sdk/src/spec/openapi.ts';
import { pointerSegment } from '../../../sdk/src/spec/pointer.ts';
import { recordLocations, visitRecords, type PathStep } from '../../../sdk/src/spec/record-locations.ts';
import { sandboxRefusals, type RefusalPolicy } from '../errors.ts';
import { profileProblems } from '../profile/cross-check.ts';
import type { LoadedProfile } from '../profile/load.ts';
import type { JsonValue, ProviderProfile } from '../profile/types.ts';
import type { Behaviour, DeliberateBreaks, TransformedAnswer } from './layer.ts';
import type { SandboxStore } from '../store/store.ts';

/**
 * Values taken in turn by weight, the same order every run: weights {a: 2, b: 1} give
 * a, a, b, a, a, b, … One count per field for the whole sandbox, across operations, callers
 * and replicas: the count is a counter of the store, named by `counter`.
 */
export class WeightedTurns {
  private readonly slots: [value: string, end: number][] = [];
  private readonly total: number;

  constructor(
    weights: Record<string, number>,
    readonly counter: string,
  ) {
    let end = 0;
    for (const [value, weight] of Object.entries(weights)) this.slots.push([value, (end += weight)]);
    this.total = end;
  }

  /** The value of the count-th turn (1, 2, …). */
  at(count: number): string {
    const turn = (count - 1) % this.total;
    return this.slots.find(([, end]) => turn < end)![0];
  }
}

const decimalNotation = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** A value as the other JSON type: a number as its decimal string; a string as the number it spells, or 0 when it spells none. */
export function retyped(value: unknown, as: 'string' | 'number'): unknown {
  if (as === 'string') return typeof value === 'number' ? String(value) : value;
  if (typeof value !== 'string') return value;
  const number = Number(value);
  return decimalNotation.test(value) && Number.isFinite(number) ? number : 0;
}

/** What every record of one schema gets. */
type RecordEdit = {
  extraFields: [field: string, value: JsonValue][];
  values: [field: string, turns: WeightedTurns][];
  dropped: string[];
  retyped: [field: string, as: 'string' | 'number'][];
};

type OperationPlan = {
  /** The data every success answer carries instead of the handler's. */
  shape?: { data: JsonValue };
  /** Answer the error envelope with this message, with 200. */
  errorMessage?: string;
  /** Answer the data alone. */
  bare: boolean;
  records: { path: PathStep[]; edit: RecordEdit }[];
};

function recordEdits(profile: ProviderProfile): Map<string, RecordEdit> {
  const edits = new Map<string, RecordEdit>();
  const editOf = (schema: string) => {
    let edit = edits.get(schema);
    if (!edit) edits.set(schema, (edit = { extraFields: [], values: [], dropped: [], retyped: [] }));
    return edit;
  };
  for (const [schema, fields] of Object.entries(profile.extraFields ?? {})) editOf(schema).extraFields.push(...Object.entries(fields));
  for (const [key, weights] of Object.entries(profile.values ?? {})) {
    const [schema = '', field = ''] = key.split('.');
    editOf(schema).values.push([field, new WeightedTurns(weights, `turns:${profile.name}:${key}`)]);
  }
  for (const contradiction of profile.contradictions ?? []) {
    if (contradiction.kind === 'dropField') editOf(contradiction.schema).dropped.push(contradiction.field);
    if (contradiction.kind === 'wrongType') editOf(contradiction.schema).retyped.push([contradiction.field, contradiction.as]);
  }
  return edits;
}

function operationPlans(profile: ProviderProfile, document: OpenApiDocument): Map<string, OperationPlan> {
  const edits = recordEdits(profile);
  const plans = new Map<string, OperationPlan>();
  for (const { operationId } of listOperations(document)) {
    const plan: OperationPlan = {
      bare: false,
      records: recordLocations(document, operationId).flatMap(({ schema, path }) => {
        const edit = edits.get(schema);
        return edit ? [{ path, edit }] : [];
      }),
    };
    if (profile.shapes && Object.hasOwn(profile.shapes, operationId)) plan.shape = { data: profile.shapes[operationId]! };
    for (const contradiction of profile.contradictions ?? []) {
      if (contradiction.kind === 'notEnvelope' && contradiction.operationId === operationId) plan.bare = true;
      if (contradiction.kind === 'errorStatusOn2xx' && contradiction.operationId === operationId) plan.errorMessage = contradiction.message;
    }
    if (plan.shape || plan.errorMessage !== undefined || plan.bare || plan.records.length) plans.set(operationId, plan);
  }
  return plans;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Edits a record, its rotated values already drawn (one per entry of edit.values, in order). */
function applyEdit(edit: RecordEdit, record: Record<string, unknown>, turns: string[], pointer: string, breaks: DeliberateBreaks): void {
  // Defined, not assigned: a field named __proto__ would otherwise set the prototype.
  for (const [field, value] of edit.extraFields) Object.defineProperty(record, field, { value, enumerable: true, writable: true, configurable: true });
  edit.values.forEach(([field], index) => (record[field] = turns[index]!));
  for (const field of edit.dropped) {
    if (!Object.hasOwn(record, field)) continue;
    delete record[field];
    breaks.dropped.push({ record: pointer, field });
  }
  for (const [field, as] of edit.retyped) {
    const value = retyped(record[field], as);
    if (typeof value === typeof record[field]) continue;
    record[field] = value;
    breaks.retyped.push(`${pointer}/${pointerSegment(field)}`);
  }
}

/** The profile as a Behaviour for the document served; a profile that does not fit the document is refused, naming every problem. */
export function profileBehaviour({ profile, origin }: LoadedProfile, document: OpenApiDocument, counters: Pick<SandboxStore, 'nextCount'>): Behaviour {
  const problems = profileProblems(profile, document);
  if (problems.length) throw new Error(`Provider profile ${origin} does not fit the spec: ${problems.join('; ')}`);
  const plans = operationPlans(profile, document);
  const refusals: RefusalPolicy = (refusalClass, message) => profile.refusals?.[refusalClass] ?? sandboxRefusals(refusalClass, message);

  return {
    refusals,
    touches: (operationId) => plans.has(operationId),
    async transform(operationId, answer): Promise<TransformedAnswer> {
      const plan = plans.get(operationId)!;
      const breaks: DeliberateBreaks = { bare: plan.bare, errorEnvelope: plan.errorMessage !== undefined, dropped: [], retyped: [] };
      if (plan.errorMessage !== undefined) return { body: errorEnvelope(plan.errorMessage), breaks };
      const envelope = answer as { data: unknown };
      const edited = { ...envelope, data: structuredClone(plan.shape ? plan.shape.data : envelope.data) };
      // The records first, in order; then each one's turns drawn from the store in that order, then the edits.
      const found: { record: Record<string, unknown>; pointer: string; edit: RecordEdit }[] = [];
      for (const { path, edit } of plan.records) visitRecords(edited, path, (record, pointer) => isRecord(record) && found.push({ record, pointer, edit }));
      for (const { record, pointer, edit } of found) {
        const turns: string[] = [];
        for (const [, rotation] of edit.values) turns.push(rotation.at(await counters.nextCount(rotation.counter)));
        applyEdit(edit, record, turns, pointer, breaks);
      }
      return { body: plan.bare ? edited.data : edited, breaks };
    },
  };
}
