// The drift watch on one call's answer, once openapi-fetch has read it: the findings go
// through the privacy policy, then to onDrift, and under `strict` a contradiction becomes
// the call's error.
import type { Carried, PrivacyPolicy } from '../../privacy/index.ts';
import type { CallObservation } from '../call-observation.ts';
import { InvalidResponseError, type ErrorPrivacy } from '../errors.ts';
import { displayField, notJson } from '../../spec/answer-reading.ts';
import type { DriftSettings } from './settings.ts';
import type { DriftEvent } from './types.ts';

/**
 * The body as openapi-fetch gave it, as the reading takes it: a success body is parsed
 * JSON or undefined when empty; an error body is parsed JSON, or its text when it is not JSON.
 */
export function answerBody(ok: boolean, data: unknown, error: unknown): unknown {
  if (ok) return data;
  if (error === '' || error === undefined) return undefined;
  if (typeof error !== 'string') return error;
  // openapi-fetch keeps the text when JSON.parse fails; a JSON string parses to a string too.
  try {
    return JSON.parse(error) as unknown;
  } catch {
    return notJson;
  }
}

type Reading = typeof import('./read-answer.ts');
let reading: Promise<Reading> | undefined;
/**
 * The reading, with the generated validators (some 200 KB of code), is loaded by the first
 * watched call: a process whose clients never watch never loads it. An object, so that a
 * test can make the loading or the reading fail.
 */
export const driftReading = { load: (): Promise<Reading> => (reading ??= import('./read-answer.ts')) };

/**
 * Reads the answer, hands each finding to onDrift (and to the call's observation), and throws
 * under `strict` when it contradicts the spec. `keptBody` is what a strict error keeps as its
 * `body`: the text received. `carried`: what the request carried in protected fields and
 * secret headers, masked wherever the answer echoes it. `retryAfter`: the answer's
 * Retry-After, which tells throttling from a refusal. When the watch itself fails (its
 * validators do not load, its reading throws), the call goes on in `report` mode, with one
 * warning per client, and under `strict` fails with an error that says the watch failed.
 */
export async function watchAnswer(settings: DriftSettings, operation: string, status: number, body: unknown, keptBody: unknown, answer: { carried?: Carried; retryAfter?: string; observation?: CallObservation } = {}): Promise<void> {
  const { carried, retryAfter, observation } = answer;
  let events: DriftEvent[];
  try {
    const { readDrift } = await driftReading.load();
    events = readDrift(operation, status, body, retryAfter).map((event) => redactEvent(settings.policy, event, carried));
  } catch (error) {
    if (settings.mode === 'strict') throw watchFailedError(operation, status, error, keptBody, { carried, policy: settings.policy });
    warnWatchFailed(settings, error);
    return;
  }
  if (events.length === 0) return;
  for (const event of events) deliver(settings, event, observation);
  if (settings.mode === 'strict') {
    const contradictions = events.filter((event) => event.class === 'contradiction');
    if (contradictions.length > 0) throw driftError(operation, status, contradictions, keptBody, { carried, policy: settings.policy });
  }
}

/** What went wrong, by its name and code only: a message could quote the answer. */
const failureName = (error: unknown) => (error instanceof Error ? `${error.name}${'code' in error && error.code !== undefined ? ` ${String(error.code)}` : ''}` : typeof error);

function watchFailedError(operation: string, status: number, error: unknown, body: unknown, privacy: ErrorPrivacy): InvalidResponseError {
  return new InvalidResponseError({ operation, httpStatus: status, reason: `that the drift watch could not check: the watch itself failed (${failureName(error)}), not the network or the answer`, body, privacy });
}

function warnWatchFailed(settings: DriftSettings, error: unknown): void {
  if (settings.watchFailure.warned) return;
  settings.watchFailure.warned = true;
  process.emitWarning(`the drift watch failed (${failureName(error)}); calls go on unchecked in report mode. This is warned once per client.`, { type: 'WalletApiDriftWarning', code: 'WALLET_API_DRIFT_WATCH_FAILED' });
}

/** The error of a `strict` call whose answer contradicts the spec: the reason names the first contradiction. */
export function driftError(operation: string, status: number, contradictions: DriftEvent[], body: unknown, privacy: ErrorPrivacy): InvalidResponseError {
  const first = contradictions[0]!;
  const field = first.field === undefined ? undefined : displayField(first.field);
  const of = field !== undefined ? ` of ${first.schema === undefined ? '' : `${first.schema}${field.startsWith('[') ? '' : '.'}`}${field}` : '';
  const more = contradictions.length > 1 ? ` (and ${contradictions.length - 1} more)` : '';
  const reason = `that drifted from the spec (${first.kind}${of} at ${first.pointer || '/'}): ${first.detail}${more}`;
  return new InvalidResponseError({ operation, httpStatus: status, reason, body, drift: contradictions, privacy });
}

/** An event as it may leave: every text of the answer in it (a name, a pointer, a value, a shape, a detail) through the policy. */
export function redactEvent(policy: PrivacyPolicy, event: DriftEvent, carried: Carried | undefined): DriftEvent {
  const text = (value: string) => policy.redactText(value, carried);
  const name = (value: string) => policy.redactName(value, carried);
  const redacted: DriftEvent = { ...event, pointer: policy.redactPointer(event.pointer, carried) };
  if (event.field !== undefined) redacted.field = policy.redactPointer(event.field, carried);
  if (event.value !== undefined) redacted.value = String(policy.redactField(event.field ?? '', event.value, carried));
  if (event.shape !== undefined) redacted.shape = name(event.shape);
  if (event.detail !== undefined) redacted.detail = text(event.detail);
  return redacted;
}

function deliver(settings: DriftSettings, event: DriftEvent, observation: CallObservation | undefined): void {
  observation?.drift(event);
  try {
    settings.onDrift(event);
  } catch (error) {
    // The watch must not break the call it watches: a failing onDrift is reported, not thrown.
    process.emitWarning(`onDrift threw ${error instanceof Error ? error.name : typeof error} on a drift event; the call went on`, { type: 'WalletApiDriftWarning', code: 'WALLET_API_DRIFT_HANDLER' });
  }
}
