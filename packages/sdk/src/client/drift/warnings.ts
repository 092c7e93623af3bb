// Where drift events go when the integrator names no `onDrift`: a process warning per
// distinct finding, not per call, so that a provider's new field on every transaction is one
// line in the log and not one per request. Node prints warnings to stderr once per process
// listener (`node --no-warnings` silences them; `process.on('warning')` sees them typed
// `WalletApiDriftWarning`).
import { displayField } from '../../spec/answer-reading.ts';
import type { DriftEvent } from './types.ts';

export const driftWarningType = 'WalletApiDriftWarning';

/** How many distinct findings a client remembers; past that it warns once more and then keeps quiet. */
export const distinctFindingsLimit = 1000;

/**
 * What makes two findings the same: array positions do not count (a new field on the 3rd
 * and the 7th transaction of a page is one finding), a new value does.
 */
export function findingKey(event: DriftEvent): string {
  const where = event.pointer.replace(/\/\d+(?=\/|$)/g, '/*');
  return [event.class, event.kind, event.operation, event.status, where, event.value ?? '', event.shape ?? '', event.type ?? ''].join(' ');
}

/** A finding in one line, naming no value of the answer but a new state's. */
export function describeDrift(event: DriftEvent): string {
  const field = event.field === undefined ? undefined : displayField(event.field);
  const where = event.schema !== undefined && field !== undefined ? `${event.schema}${field.startsWith('[') ? '' : '.'}${field}` : field ?? event.schema ?? 'the body';
  const what = event.class === 'inconclusive' ? `an inconclusive answer: ${event.detail}`
    : event.kind === 'unknown-field' ? `a field the spec does not list (${event.type})`
    : event.kind === 'value-not-seen' ? `a value not seen before: "${event.value}"`
    : event.kind === 'unpublished-shape' ? `an unpublished shape: ${event.shape}`
    : `${event.kind}: ${event.detail}`;
  if (event.class === 'inconclusive') return `${event.operation} answered HTTP ${event.status}: ${what}`;
  return `${event.operation} answered HTTP ${event.status} with ${event.class === 'learning' ? 'a learning' : 'a contradiction'} at ${where} (${event.pointer || '/'}): ${what}`;
}

/** A client's default onDrift: one process warning per distinct finding. */
export function warnOncePerFinding(emit: (message: string) => void = emitDriftWarning): (event: DriftEvent) => void {
  const seen = new Set<string>();
  let full = false;
  return (event) => {
    if (full) return;
    const key = findingKey(event);
    if (seen.has(key)) return;
    if (seen.size >= distinctFindingsLimit) {
      full = true;
      emit(`${distinctFindingsLimit} distinct drift findings reported; further ones are not (pass onDrift to receive every event)`);
      return;
    }
    seen.add(key);
    emit(describeDrift(event));
  };
}

function emitDriftWarning(message: string): void {
  process.emitWarning(message, { type: driftWarningType, code: 'WALLET_API_DRIFT' });
}
