// The built-in policy, built once; an integrator's rules extend it.
import { buildPolicy, type PrivacyPolicy, type RedactionRules } from './policy.ts';

/** The built-in policy; `privacyPolicy(rules)` adds an integrator's own rules to it. */
export const defaultPolicy: PrivacyPolicy = buildPolicy({});
export const privacyPolicy = (rules?: RedactionRules): PrivacyPolicy => defaultPolicy.extend(rules);
