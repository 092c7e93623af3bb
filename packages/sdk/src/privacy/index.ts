// The one privacy policy: what is secret or personal, and how it is masked, for every
// writer (recordings, reports, proposals, drift events, logs, spans, metrics, snapshots).
// A writer never decides this itself: it asks the policy. rules.ts holds what is protected,
// mask.ts how an identifier is masked, policy.ts how both are applied. Dependency-free: the
// SDK ships it. Importing it builds nothing: a policy compiles its patterns on first use.
import { buildPolicy, type PrivacyPolicy, type RedactionRules } from './policy.ts';

export type { Carried, CarriedValue, CarryingRequest, PrivacyPolicy, Redacted, RedactionRules } from './policy.ts';
export { maskIdentifier, maskNumber } from './mask.ts';
export { normaliseName, redactedValue, secretHeaderNames, unreadableBodyValue } from './rules.ts';

/** The built-in policy; `privacyPolicy(rules)` adds an integrator's own rules to it. */
export const defaultPolicy: PrivacyPolicy = buildPolicy({});
export const privacyPolicy = (rules?: RedactionRules): PrivacyPolicy => defaultPolicy.extend(rules);

/**
 * A writer of text (a stream's write, a callback) that puts everything it is given through
 * the policy first, with `carried` (credentials, say) masked at any length: the one way the
 * commands write what a run may have read (see the Privacy section of the README).
 */
export function redactingWriter(write: (text: string) => unknown, carried: readonly (string | undefined)[] = [], policy: PrivacyPolicy = defaultPolicy): (text: string) => void {
  const values = carried.filter((value): value is string => typeof value === 'string' && value !== '');
  return (text) => void write(policy.redactText(text, values));
}

/** The credentials of the environment (packages/sdk/src/cli/target.ts names them), as carried values of a command's writer. */
export const environmentSecrets = (env: NodeJS.ProcessEnv): (string | undefined)[] => [env.WALLET_API_KEY, env.WALLET_API_SIGNING_SECRET];

/** A problem with an integrator's rules, naming where they came from and what is wrong. */
export class RedactionRulesError extends Error {
  override name = 'RedactionRulesError';
}

/**
 * An integrator's rules checked: `{ fields?, headers?, patterns? }`, each a list of strings
 * (patterns may also be RegExps, and a string pattern must compile). `source` names where
 * they came from in the error (`recordTraffic: redact`, `rules.yaml`).
 */
export function checkRedactionRules(value: unknown, source: string): RedactionRules {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new RedactionRulesError(`${source} must be an object { fields?, headers?, patterns? }`);
  const known = ['fields', 'headers', 'patterns'];
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw new RedactionRulesError(`${source} has ${unknown.map((key) => JSON.stringify(key)).join(', ')}, which is not one of fields, headers, patterns`);
  const rules = value as Record<string, unknown>;
  const list = (key: string, allowRegExp: boolean): (string | RegExp)[] | undefined => {
    const given = rules[key];
    if (given === undefined) return undefined;
    if (!Array.isArray(given)) throw new RedactionRulesError(`${source}.${key} must be a list of ${allowRegExp ? 'patterns (strings or RegExps)' : 'names'}`);
    given.forEach((item, index) => {
      if (allowRegExp && item instanceof RegExp) return;
      if (typeof item !== 'string' || item.trim() === '') throw new RedactionRulesError(`${source}.${key}[${index}] must be a non-empty string${allowRegExp ? ' or a RegExp' : ''}`);
      if (allowRegExp) {
        try {
          new RegExp(item);
        } catch (error) {
          throw new RedactionRulesError(`${source}.${key}[${index}] is not a valid regular expression (${(error as Error).message.replace(/^Invalid regular expression: /, '')})`);
        }
        // A pattern that matches the empty string would mask between every character.
        if (new RegExp(item).test('')) throw new RedactionRulesError(`${source}.${key}[${index}] matches an empty text: it must match at least one character`);
      }
    });
    return given as (string | RegExp)[];
  };
  const fields = list('fields', false) as string[] | undefined;
  const headers = list('headers', false) as string[] | undefined;
  const patterns = list('patterns', true);
  return { ...(fields ? { fields } : {}), ...(headers ? { headers } : {}), ...(patterns ? { patterns } : {}) };
}

/**
 * Where JSON.parse failed, without the text it quotes: Node 20 and later put a fragment of
 * the input in the message (`Unexpected token 'h', "hunter2"... is not valid JSON`), and the
 * input may be a recorded value. The position is kept.
 */
export function jsonParseFault(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // "Expected ',' or '}' after property value in JSON at position 16" names no input; a
  // message with a quote in it ("Unexpected token 'h', "hunter2" is not valid JSON") does.
  if (!/["']/.test(message.replace(/'[,:{}[\]]'/g, ''))) return message;
  const position = /position (\d+)/.exec(message)?.[1];
  return position === undefined ? 'a character JSON does not allow' : `a character JSON does not allow at position ${position}`;
}
