// An integrator's redaction rules given as an option (createClient's `redact`, and the
// deprecated `drift.redact` and `recordTraffic`'s `redact`): checked by the privacy policy's
// own rule check, refused as a ConfigurationError naming the option.
import { checkRedactionRules, RedactionRulesError, type RedactionRules } from '../privacy/index.ts';
import { ConfigurationError } from './errors.ts';

/** The rules `value` gives, or a ConfigurationError naming `option` and what is wrong. */
export function redactOption(value: unknown, option: string): RedactionRules {
  try {
    return checkRedactionRules(value, option);
  } catch (error) {
    if (error instanceof RedactionRulesError) throw new ConfigurationError(error.message);
    throw error;
  }
}
