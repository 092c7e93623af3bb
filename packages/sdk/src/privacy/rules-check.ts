// An integrator's redaction rules, checked where they are given (an option, a rules file),
// with an error that names where they came from and never echoes a value.
import type { RedactionRules } from './policy.ts';

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
