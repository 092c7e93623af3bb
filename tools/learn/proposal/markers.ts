// Narrows the `x-undocumented` markers a proposal answers in part. A marker's statement
// stays (the provider still has not published it) and says what traffic has shown since and
// that the rest is still unknown; a statement is removed only when one observation answers
// its whole question: what the provider does on an invalid signature, once a deliberately
// wrong signature was refused often enough to claim it.
import { isMap, isScalar, isSeq } from 'yaml';
import { markerKey } from '../../spec/unknowns.ts';
import { observedKey, type ObservedEvidence } from '../observed.ts';
import type { SourceFiles } from './source-files.ts';

type NoteKind = 'fields' | 'values' | 'shape' | 'refusals' | 'accepted' | 'window';

const suffixStart = ' Observed in traffic so far (x-observed):';
const labels: Record<NoteKind, string> = { fields: 'fields', values: 'values', shape: 'the shape of', refusals: 'the status of', accepted: 'wrong requests let in:', window: 'the timestamp' };

/** The statement about invalid signatures, on the security scheme of the x-signature header. */
const invalidSignatureStatement = /invalid signature/i;
const signatureHeader = 'x-signature';

export class MarkerNotes {
  private readonly notes = new Map<string, Map<NoteKind, string[]>>();
  private invalidSignature: { status: number; message: string; evidence: ObservedEvidence } | undefined;

  constructor(private readonly sources: SourceFiles) {}

  /** Something the marker at `pointer` (if there is one) no longer leaves wholly unknown. */
  add(pointer: string, kind: NoteKind, text: string): void {
    const kinds = this.notes.get(pointer) ?? new Map<NoteKind, string[]>();
    const list = kinds.get(kind) ?? [];
    if (!list.includes(text)) list.push(text);
    kinds.set(kind, list);
    this.notes.set(pointer, kinds);
  }

  /** A probe's refusal claimed: the one that answers a whole question is noted for write(). */
  answer(probe: string, status: number, message: string, evidence: ObservedEvidence): void {
    if (probe === 'invalidSignature') this.invalidSignature = { status, message, evidence };
  }

  write(): void {
    for (const [pointer, kinds] of this.notes) {
      const place = this.sources.locate(pointer);
      const doc = this.sources.document(place.file);
      const node = place.path.length === 0 ? doc.contents : doc.getIn(place.path, true);
      if (!isMap(node)) continue;
      const marker = node.get(markerKey, true);
      // A list of statements asks several questions: which one traffic narrows cannot be told apart.
      if (!isScalar(marker) || typeof marker.value !== 'string') continue;
      const statement = marker.value.split(suffixStart)[0]!.trimEnd();
      const parts = [...kinds].map(([kind, texts]) => `${labels[kind]} ${texts.join(', ')}`);
      node.set(markerKey, `${statement}${suffixStart} ${parts.join('; ')}; anything else is still unknown.`);
    }
    if (this.invalidSignature) this.removeInvalidSignatureStatement(this.invalidSignature);
  }

  private removeInvalidSignatureStatement({ status, message, evidence }: { status: number; message: string; evidence: ObservedEvidence }): void {
    const root = this.sources.document(this.sources.root).toJSON() as { components?: { securitySchemes?: Record<string, unknown> } };
    for (const name of Object.keys(root.components?.securitySchemes ?? {})) {
      const place = this.sources.locate(`#/components/securitySchemes/${name}`);
      const doc = this.sources.document(place.file);
      const node = place.path.length === 0 ? doc.contents : doc.getIn(place.path, true);
      if (!isMap(node) || String(node.get('name')).toLowerCase() !== signatureHeader) continue;
      const marker = node.get(markerKey, true);
      if (isSeq(marker)) {
        const index = marker.items.findIndex((item) => isScalar(item) && invalidSignatureStatement.test(String(item.value)));
        if (index < 0) continue;
        marker.items.splice(index, 1);
        if (marker.items.length === 0) node.delete(markerKey);
      } else if (isScalar(marker) && invalidSignatureStatement.test(String(marker.value))) node.delete(markerKey);
      else continue;
      // Beside what else was observed of the scheme (the refusals of the authentication layer).
      const previous = (node.get(observedKey, true) as { toJSON?: () => unknown } | undefined)?.toJSON?.() as Record<string, unknown> | undefined;
      node.set(observedKey, doc.createNode({ ...previous, invalidSignature: { status, message }, ...evidence }));
    }
  }
}
