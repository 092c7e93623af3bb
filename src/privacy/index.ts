// The one privacy policy: what is secret or personal, and how it is masked, for every
// writer (recordings, reports, proposals, drift events, logs, spans, metrics, snapshots).
// A writer never decides this itself: it asks the policy. Dependency-free: the SDK ships it.
import type { HeaderPairs, RecordedExchange } from '../traffic/exchange.ts';
import { redactBody, redactExchange, redactJsonValue, redactedValue } from '../traffic/redact.ts';

/** What an integrator adds to the built-in rules. */
export interface RedactionRules {
  /** More field names to treat as identifiers (masked, shape kept), matched whatever their spelling. */
  fields?: readonly string[];
  /** More header names whose values are secret. */
  headers?: readonly string[];
  /** More patterns of personal values, masked wherever they appear inside text. */
  patterns?: readonly (string | RegExp)[];
}

export interface PrivacyPolicy {
  /** A recorded request and answer with everything protected masked, echoes included. */
  redactExchange(exchange: RecordedExchange): RecordedExchange;
  /** Header pairs with secret headers replaced by the redacted marker. */
  redactHeaders(headers: HeaderPairs): HeaderPairs;
  /** A header name whose value is never written. */
  isSecretHeader(name: string): boolean;
  /** Free text (a message, a log line, a body) with identifiers and the carried values masked. */
  redactText(text: string, carried?: readonly string[]): string;
  /** A JSON value with protected fields and identifier-shaped strings masked at any depth. */
  redactJson(value: unknown, carried?: readonly string[]): unknown;
  /** The policy with an integrator's rules added. */
  extend(rules: RedactionRules | undefined): PrivacyPolicy;
}

export { redactedValue };

const secretHeaderNames = ['x-api-key', 'x-signature', 'authorization', 'cookie', 'set-cookie', 'proxy-authorization'];

function build(rules: RedactionRules): PrivacyPolicy {
  const secretHeaders = new Set([...secretHeaderNames, ...(rules.headers ?? []).map((name) => name.toLowerCase())]);
  const isSecretHeader = (name: string) => secretHeaders.has(name.toLowerCase());
  const policy: PrivacyPolicy = {
    redactExchange,
    isSecretHeader,
    redactHeaders: (headers) => headers.map(([name, value]) => [name, isSecretHeader(name) ? redactedValue : value]),
    redactText: (text) => redactBody(text, undefined),
    redactJson: (value) => redactJsonValue(value),
    extend: (more) => (more ? build({ fields: [...(rules.fields ?? []), ...(more.fields ?? [])], headers: [...(rules.headers ?? []), ...(more.headers ?? [])], patterns: [...(rules.patterns ?? []), ...(more.patterns ?? [])] }) : policy),
  };
  return policy;
}

/** The built-in policy; `privacyPolicy(rules)` adds an integrator's own rules to it. */
export const defaultPolicy: PrivacyPolicy = build({});
export const privacyPolicy = (rules?: RedactionRules): PrivacyPolicy => defaultPolicy.extend(rules);
