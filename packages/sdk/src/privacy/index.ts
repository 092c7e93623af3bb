// The one privacy policy: what is secret or personal, and how it is masked, for every
// writer (recordings, reports, proposals, drift events, logs, spans, metrics, snapshots).
// A writer never decides this itself: it asks the policy. rules.ts holds what is protected,
// mask.ts how an identifier is masked, policy.ts how both are applied; this module is the
// room's one door, each job in a module of its own. Dependency-free: the
// SDK ships it. Importing it builds nothing: a policy compiles its patterns on first use.
export type { Carried, CarriedValue, CarryingRequest, PrivacyPolicy, Redacted, RedactionRules } from './policy.ts';
export { maskIdentifier, maskNumber } from './mask.ts';
export { normaliseName, redactedValue, secretHeaderNames, unreadableBodyValue } from './rules.ts';

export { defaultPolicy, privacyPolicy } from './default-policy.ts';
export { redactingWriter } from './writer.ts';
export { checkRedactionRules, RedactionRulesError } from './rules-check.ts';
export { jsonParseFault } from './json-fault.ts';

