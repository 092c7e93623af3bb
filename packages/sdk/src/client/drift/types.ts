// What the drift watch is told and what it tells: its options and its events.
import type { RedactionRules } from '../../privacy/index.ts';

/**
 * `off`: answers are not checked (the default; the call costs what it did without the watch).
 * `report`: each finding is an event; the data is returned as without the watch.
 * `strict`: as `report`, and an answer that contradicts the interface throws
 * `InvalidResponseError` before its data reaches the caller. Learnings never throw.
 */
export type DriftMode = 'off' | 'report' | 'strict';

export type DriftOptions = {
  mode: DriftMode;
  /** The share of calls whose answers are checked, from 0 to 1. Default 1: every call. */
  sampleRate?: number;
  /**
   * Receives the findings of each checked answer that has any, as events. Default: one
   * process warning (`WalletApiDriftWarning`) per distinct finding of the client, not per call.
   */
  onDrift?: (event: DriftEvent) => void;
  /**
   * Your own additions to the privacy policy every event goes through: more identifier
   * `fields`, secret `headers`, `patterns` of personal values. They extend the client's policy.
   * @deprecated Give `redact` to `createClient` instead: it masks the drift events and
   * everything else the client writes. Kept, extending the client's policy, for one minor version.
   */
  redact?: RedactionRules;
};

/**
 * How an answer departs from the spec:
 * - learnings fill what the interface leaves open: `unknown-field` (a field no schema
 *   lists), `value-not-seen` (a value of a string field the interface lists the values
 *   seen of, beyond those), `unpublished-shape` (what an answer the interface does not
 *   publish turned out to be);
 * - contradictions break what it says: `missing-field`, `wrong-type`, `not-envelope` (not
 *   JSON, empty, or not `{status, message, data}`), `error-status-on-2xx`,
 *   `undocumented-status` (an HTTP status the operation describes no answer for),
 *   `other-violation` (any other rule of the published schema);
 * - inconclusive answers are ones the provider did not decide on: `throttled` (429, 503),
 *   `server-error` (another 5xx), `redirect` (3xx), `timeout` (408). They contradict
 *   nothing and never throw under `strict`.
 */
export type DriftKind =
  | 'unknown-field'
  | 'value-not-seen'
  | 'unpublished-shape'
  | 'missing-field'
  | 'wrong-type'
  | 'not-envelope'
  | 'error-status-on-2xx'
  | 'undocumented-status'
  | 'other-violation'
  | 'throttled'
  | 'server-error'
  | 'redirect'
  | 'timeout';

/**
 * One finding on one answer. It names where and what, never the answer's values: the one
 * value it carries is a `value-not-seen`'s (a state such as `"processing"`). Every event
 * went through the privacy policy: identifiers, secrets and the values the request carried
 * in protected fields are masked in it, in field names and pointers too. No secret, no
 * request, no message of the provider.
 */
export type DriftEvent = {
  /** `METHOD /path/template`, as the client's errors name calls. */
  operation: string;
  operationId: string;
  /** The HTTP status of the answer. */
  status: number;
  /** Whether it fills a marked unknown of the interface, contradicts the interface, or says nothing either way. */
  class: 'learning' | 'contradiction' | 'inconclusive';
  kind: DriftKind;
  /** Where in the body (RFC 6901 JSON pointer; `""` for the whole body). */
  pointer: string;
  /** The component schema of the record it is in, when it is in one. */
  schema?: string;
  /** The field inside its record, as an RFC 6901 JSON pointer (`/network/fee`; a field named `meta.version` is `/meta.version`). */
  field?: string;
  /** `unknown-field`: the JSON type of its value (`string`, `integer`, `null`, …). */
  type?: string;
  /** `unpublished-shape`: the record's shape, types only (`{coin: string, memo: null}`). */
  shape?: string;
  /** `value-not-seen`: the value. */
  value?: string;
  /** Contradictions: what is wrong, in words (`must be number`, `payoutStatus is missing`); inconclusive answers: what they were (`throttled (HTTP 429, retry after 30 s)`). */
  detail?: string;
};
