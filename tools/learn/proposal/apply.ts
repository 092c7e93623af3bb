// Writes claims into the split source: each learned thing where a reviewer expects it, marked
// `x-observed` with its evidence, and nothing the interface documents changed. A field
// becomes a property of its record (required only when every record had it; the named
// examples of that record then show the value seen); values join the ones listed as seen
// (never an enum); an unpublished shape gets the schema its records had, still open; a
// refusal's status becomes a response of its operation, and a refusal of the authentication
// layer goes on the shared error response and the security scheme of the header it is
// about; the timestamp window goes on its security scheme. Markers are narrowed to what is
// still unknown (markers.ts). Fields are JSON pointers into their record, so a provider's
// field named `meta.version` is one property, never `meta` then `version`. Every value it
// writes comes from the traffic report, which holds only what the privacy policy let through
// (tools/learn/report.ts, redactFinding): examples keep their masks, and claims.ts withholds
// what the policy masked from the values seen.
import { isMap, isSeq, type Document, type YAMLMap } from 'yaml';
import { listOperations, localRef, type OpenApiDocument, type OperationEntry } from '../../../packages/sdk/src/spec/openapi.ts';
import { pointerSegment } from '../../../packages/sdk/src/spec/pointer.ts';
import { displayField, pointerKeys } from '../../../packages/sdk/src/spec/answer-reading.ts';
import { recordLocations, visitRecords } from '../../../packages/sdk/src/spec/record-locations.ts';
import { observedKey, timestampSchemeName, type ObservedAcceptance, type ObservedCondition } from '../observed.ts';
import type { AcceptanceClaim, AuthenticationRefusalClaim, Claim, FieldClaim, RefusalClaim, ShapeClaim, ValuesClaim, WindowClaim } from './claims.ts';
import { inferSchema, typeKeyword } from './infer-schema.ts';
import { MarkerNotes } from './markers.ts';
import type { SourceFiles, SourcePlace } from './source-files.ts';

const schemaPointer = (name: string) => `#/components/schemas/${name}`;
const observedNote = 'Observed in traffic; not published by the provider.';

/** One change made, in a line, for the command's summary. */
export type AppliedClaim = { claim: Claim; change: string };

export class ProposalWriter {
  private readonly operations: OperationEntry[];
  private readonly notes: MarkerNotes;

  constructor(
    private readonly bundled: OpenApiDocument,
    private readonly sources: SourceFiles,
  ) {
    this.operations = listOperations(bundled);
    this.notes = new MarkerNotes(sources);
  }

  apply(claims: readonly Claim[]): AppliedClaim[] {
    const applied: AppliedClaim[] = [];
    for (const claim of claims) {
      const change = this.applyOne(claim);
      if (change !== undefined) applied.push({ claim, change });
    }
    this.notes.write();
    return applied;
  }

  private applyOne(claim: Claim): string | undefined {
    switch (claim.kind) {
      case 'field':
        return this.field(claim);
      case 'values':
        return this.values(claim);
      case 'shape':
        return this.shape(claim);
      case 'refusal':
        return this.refusal(claim);
      case 'authentication-refusal':
        return this.authenticationRefusal(claim);
      case 'acceptance':
        return this.acceptance(claim);
      case 'window':
        return this.window(claim);
    }
  }

  private doc(place: SourcePlace): Document {
    return this.sources.document(place.file);
  }

  /** The map at a place, created empty where the place has nothing yet. */
  private mapAt(place: SourcePlace): YAMLMap {
    const doc = this.doc(place);
    const node = place.path.length === 0 ? doc.contents : doc.getIn(place.path, true);
    if (isMap(node)) return node;
    if (node !== undefined && node !== null) throw new Error(`${place.file} ${place.path.join('.')} is not a map`);
    const created = doc.createNode({}) as YAMLMap;
    doc.setIn(place.path, created);
    return created;
  }

  private set(place: SourcePlace, key: string, value: unknown): void {
    const map = this.mapAt(place);
    map.set(key, this.doc(place).createNode(value));
  }

  /** The place of a schema's property, its keys (from the field's pointer) walking nested properties; `$ref`s to other files followed. */
  private propertyPlace(schema: string, keys: readonly string[]): SourcePlace {
    return this.sources.locate(`${schemaPointer(schema)}${keys.map((name) => `/properties/${pointerSegment(name)}`).join('')}`);
  }

  private field(claim: FieldClaim): string {
    const names = pointerKeys(claim.field);
    const parent = names.length === 1 ? this.sources.locate(schemaPointer(claim.schema)) : this.propertyPlace(claim.schema, names.slice(0, -1));
    const name = names[names.length - 1]!;
    const properties = { file: parent.file, path: [...parent.path, 'properties'] };
    const types = Object.keys(claim.types);
    this.set(properties, name, { ...typeKeyword(types), description: observedNote, [observedKey]: { ...claim.evidence, types: claim.types } });
    // Required only for a record's own fields: a nested one's example could not be shown.
    const required = claim.required && names.length === 1;
    if (required) {
      const parentMap = this.mapAt(parent);
      const list = parentMap.get('required', true);
      if (isSeq(list)) {
        if (!list.items.some((item) => String((item as { value?: unknown }).value ?? item) === name)) list.add(this.doc(parent).createNode(name));
      } else parentMap.set('required', this.doc(parent).createNode([name]));
      this.showInExamples(claim.schema, (record) => (Object.hasOwn(record, name) ? undefined : { [name]: claim.example }));
    }
    const shown = displayField(claim.field);
    this.notes.add(schemaPointer(claim.schema), 'fields', shown);
    const counts = `${claim.evidence.samples}${claim.evidence.of === undefined ? '' : `/${claim.evidence.of}`} records in ${claim.evidence.answers} answer${claim.evidence.answers === 1 ? '' : 's'} on ${claim.evidence.sources.length} recording${claim.evidence.sources.length === 1 ? '' : 's'}`;
    return `${claim.schema}${shown.startsWith('[') ? '' : '.'}${shown}: ${types.join(' | ')}, ${required ? 'required' : 'optional'} (${counts})${claim.optionalBecause === undefined ? '' : `: ${claim.optionalBecause}`}`;
  }

  private values(claim: ValuesClaim): string {
    const place = this.propertyPlace(claim.schema, pointerKeys(claim.field));
    const map = this.mapAt(place);
    const doc = this.doc(place);
    const seen = map.get('x-values-seen', true);
    const added = Object.keys(claim.values);
    if (isSeq(seen)) {
      const listed = new Set(seen.items.map((item) => String((item as { value?: unknown }).value ?? item)));
      for (const value of added) if (!listed.has(value)) seen.add(doc.createNode(value));
    } else map.set('x-values-seen', doc.createNode(added, { flow: true }));
    const previous = (map.get(observedKey) as YAMLMap | undefined)?.toJSON?.() as { values?: Record<string, number> } | undefined;
    map.set(observedKey, doc.createNode({ ...claim.evidence, values: { ...previous?.values, ...claim.values } }));
    const shown = displayField(claim.field);
    this.notes.add(schemaPointer(claim.schema), 'values', `${shown}: ${added.map((v) => `\`${v}\``).join(', ')}`);
    return `${claim.schema}${shown.startsWith('[') ? '' : '.'}${shown} values seen: ${added.join(', ')}`;
  }

  private shape(claim: ShapeClaim): string {
    const place = this.sources.locate(schemaPointer(claim.schema));
    const map = this.mapAt(place);
    const inferred = inferSchema(claim.examples);
    const description = String(map.get('description') ?? '').replace(/\s*Its shape is not published[^.]*\./, '').trim();
    map.set('description', `${description} Its shape is not published: this is the shape observed in traffic, open to members not seen yet.`.trim());
    for (const [key, value] of Object.entries(inferred)) map.set(key, this.doc(place).createNode(value));
    map.set(observedKey, this.doc(place).createNode(claim.evidence));
    // The named examples showed an empty placeholder; they now show a record seen.
    const example = claim.examples[0];
    this.showInExamples(claim.schema, () => example, true);
    this.notes.add(schemaPointer(claim.schema), 'shape', claim.schema);
    for (const operation of this.operationsShowing(claim.schema)) this.notes.add(this.operationPointer(operation), 'shape', claim.schema);
    return `${claim.schema}: the shape of ${claim.evidence.samples} answers`;
  }

  private refusal(claim: RefusalClaim): string {
    const operation = this.operations.find((o) => o.operationId === claim.operationId)!;
    const place = this.sources.locate(this.operationPointer(operation));
    const responses = this.mapAt({ file: place.file, path: [...place.path, 'responses'] });
    const doc = this.doc(place);
    const key = String(claim.status);
    const existing = responses.get(key, true);
    const previous = isMap(existing) ? ((existing.toJSON() as Record<string, unknown>)[observedKey] as { conditions?: ObservedCondition[] } | undefined) : undefined;
    if (isMap(existing) && previous === undefined) return `${claim.operationId} ${key}: already documented, left as it is`;
    const same = (a: ObservedCondition, b: ObservedCondition) => a.message === b.message && a.probe === b.probe;
    const conditions = [...(previous?.conditions ?? []).filter((old) => !claim.conditions.some((c) => same(old, c))), ...claim.conditions];
    const envelope = this.sources.refFrom(place.file, this.sources.locate(schemaPointer('ErrorEnvelope')).file);
    const response = doc.createNode({
      description: `${observedNote} ${conditions.map((c) => `${c.probe ?? 'refused'}: "${c.message}"`).join('; ')}.`,
      [observedKey]: { ...claim.evidence, conditions },
      content: { 'application/json': { schema: { $ref: envelope } } },
    });
    if (isMap(existing)) responses.set(key, response);
    else {
      // Between the codes around it, so that 401 comes before 4XX.
      const at = responses.items.findIndex((pair) => String((pair.key as { value?: unknown }).value ?? pair.key) > key);
      const pair = doc.createPair(key, response);
      if (at < 0) responses.items.push(pair);
      else responses.items.splice(at, 0, pair);
    }
    this.notes.add(`#/components/responses/${claim.status >= 500 ? 'ServerError' : 'ClientError'}`, 'refusals', `${claim.operationId} ${key}`);
    for (const condition of claim.conditions) if (condition.probe !== undefined) this.notes.answer(condition.probe, claim.status, condition.message, { ...claim.evidence, samples: condition.samples });
    return `${claim.operationId} answers ${key}: ${claim.conditions.map((c) => c.probe ?? c.message).join(', ')}`;
  }

  /**
   * The authentication layer's refusals answer every operation alike: each condition goes on
   * the shared error response (with its status) and on the security scheme of the header its
   * probe spoiled, never on the operation the probe happened to call.
   */
  private authenticationRefusal(claim: AuthenticationRefusalClaim): string {
    const same = (a: { probe?: string; status?: number; message: string }, b: { probe?: string; status?: number; message: string }) => a.probe === b.probe && a.status === b.status && a.message === b.message;
    const shared = '#/components/responses/ClientError';
    const sharedPlace = this.sources.locate(shared);
    const previous = ((this.sources.valueAt(sharedPlace) as Record<string, unknown>)[observedKey] as { conditions?: ObservedCondition[] } | undefined)?.conditions ?? [];
    const conditions = claim.conditions.map(({ header: _header, ...condition }) => condition);
    this.set(sharedPlace, observedKey, { ...claim.evidence, conditions: [...previous.filter((old) => !conditions.some((c) => same(old, c))), ...conditions] });
    const schemes = (this.bundled.components?.securitySchemes ?? {}) as Record<string, { in?: string; name?: string }>;
    for (const header of new Set(claim.conditions.map((c) => c.header))) {
      const name = Object.keys(schemes).find((scheme) => schemes[scheme]!.in === 'header' && schemes[scheme]!.name?.toLowerCase() === header);
      if (name === undefined) continue;
      const place = this.sources.locate(`#/components/securitySchemes/${name}`);
      const observed = ((this.sources.valueAt(place) as Record<string, unknown>)[observedKey] ?? {}) as { refusals?: ObservedCondition[] } & Record<string, unknown>;
      const refusals = conditions.filter((_c, index) => claim.conditions[index]!.header === header);
      this.set(place, observedKey, { ...observed, refusals: [...(observed.refusals ?? []).filter((old) => !refusals.some((c) => same(old, c))), ...refusals] });
      this.notes.add(`#/components/securitySchemes/${name}`, 'refusals', refusals.map((c) => `HTTP ${c.status} (${c.probe})`).join(', '));
    }
    for (const condition of claim.conditions) this.notes.add(shared, 'refusals', `every operation ${condition.status} (${condition.probe})`);
    for (const condition of claim.conditions) if (condition.probe !== undefined) this.notes.answer(condition.probe, condition.status, condition.message, { ...claim.evidence, samples: condition.samples });
    return `every operation answers ${claim.conditions.map((c) => `${c.status} to ${c.probe}`).join(', ')} (the authentication layer: on the shared error response and the security schemes)`;
  }

  /** The wrong requests an operation let in go on the operation: a rule of its input the interface does not publish. */
  private acceptance(claim: AcceptanceClaim): string {
    const operation = this.operations.find((o) => o.operationId === claim.operationId)!;
    const pointer = this.operationPointer(operation);
    const place = this.sources.locate(pointer);
    const previous = (this.sources.valueAt(place) as Record<string, unknown>)[observedKey] as ObservedAcceptance | undefined;
    const accepted = [...(previous?.accepted ?? []).filter((old) => !claim.accepted.some((a) => a.probe === old.probe)), ...claim.accepted];
    this.set(place, observedKey, { ...claim.evidence, accepted });
    const probes = claim.accepted.map((a) => a.probe).join(', ');
    this.notes.add(claim.accepted.some((a) => /amount/i.test(a.probe)) ? schemaPointer('PositiveAmount') : pointer, 'accepted', `${claim.operationId} let in ${probes}`);
    return `${claim.operationId} lets in ${probes}`;
  }

  private window(claim: WindowClaim): string | undefined {
    const name = timestampSchemeName(this.bundled);
    if (name === undefined) return undefined;
    const pointer = `#/components/securitySchemes/${name}`;
    const place = this.sources.locate(pointer);
    const previous = (this.sources.valueAt(place) as Record<string, unknown>)[observedKey] as { refusals?: unknown } | undefined;
    this.set(place, observedKey, {
      ...(previous?.refusals === undefined ? {} : { refusals: previous.refusals }),
      ...(claim.acceptedUpTo === undefined ? {} : { acceptedUpToSeconds: claim.acceptedUpTo }),
      ...(claim.refusedFrom === undefined ? {} : { refusedFromSeconds: claim.refusedFrom }),
      ...claim.evidence,
    });
    const bounds = [claim.acceptedUpTo === undefined ? undefined : `accepted ${claim.acceptedUpTo} s off the clock`, claim.refusedFrom === undefined ? undefined : `refused ${claim.refusedFrom} s off`].filter(Boolean).join(', ');
    this.notes.add(pointer, 'window', bounds);
    return `timestamp window: ${bounds}`;
  }

  private operationPointer(operation: OperationEntry): string {
    return `#/paths/${pointerSegment(operation.path)}/${operation.method}`;
  }

  private operationsShowing(schema: string): OperationEntry[] {
    return this.operations.filter((o) => recordLocations(this.bundled, o.operationId).some((l) => l.schema === schema));
  }

  /**
   * Changes the records of a schema in every named example of a success answer: `change`
   * returns the members to add to a record (or, with `replace`, the record to put there).
   */
  private showInExamples(schema: string, change: (record: Record<string, unknown>) => unknown, replace = false): void {
    for (const operation of this.operationsShowing(schema)) {
      const base = `${this.operationPointer(operation)}/responses/200/content/${pointerSegment('application/json')}/examples`;
      const media = this.bundled.paths[operation.path]![operation.method]!.responses['200'] as { content?: Record<string, { examples?: Record<string, unknown> }> } | undefined;
      const examples = media?.content?.['application/json']?.examples ?? {};
      for (const [name, example] of Object.entries(examples)) {
        const place = this.sources.locate(localRef(example) ?? `${base}/${pointerSegment(name)}`);
        const valuePlace = { file: place.file, path: [...place.path, 'value'] };
        const value = this.sources.valueAt(valuePlace);
        for (const location of recordLocations(this.bundled, operation.operationId).filter((l) => l.schema === schema)) {
          visitRecords(value, location.path, (record, pointer) => {
            const path = [...valuePlace.path, ...pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))];
            const result = change((record ?? {}) as Record<string, unknown>);
            if (result === undefined) return;
            const doc = this.doc(place);
            if (replace) doc.setIn(path, doc.createNode(result));
            else for (const [key, member] of Object.entries(result as Record<string, unknown>)) doc.setIn([...path, key], doc.createNode(member));
          });
        }
      }
    }
  }
}
