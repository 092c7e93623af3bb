// The one way a command writes what a run may have read: through the policy.
import { defaultPolicy } from './default-policy.ts';
import type { PrivacyPolicy } from './policy.ts';

/**
 * A writer of text (a stream's write, a callback) that puts everything it is given through
 * the policy first, with `carried` (credentials, say) masked at any length: the one way the
 * commands write what a run may have read (see the Privacy section of the README).
 */
export function redactingWriter(write: (text: string) => unknown, carried: readonly (string | undefined)[] = [], policy: PrivacyPolicy = defaultPolicy): (text: string) => void {
  const values = carried.filter((value): value is string => typeof value === 'string' && value !== '');
  return (text) => void write(policy.redactText(text, values));
}
