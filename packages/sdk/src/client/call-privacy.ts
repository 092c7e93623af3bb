// What one call's errors and log lines mask with: the values its request carried in protected
// fields (its body and parameters, by the policy's names) and its credentials (the API key,
// the signature), each with what replaces it. createClient builds it for every error of a
// call; the conformance runner's privacy vectors apply the very same to a provider's text.
import { redactedValue, type CarriedValue, type PrivacyPolicy } from '../privacy/index.ts';

/** The call's carried values under `policy`: protected fields of `request`, then each credential given (a secret: "[redacted]"). */
export function carriedByCall(policy: PrivacyPolicy, request: { body?: unknown; params?: unknown }, credentials: readonly (string | undefined)[]): CarriedValue[] {
  const carried = policy.carriedBy({ body: [request.body, request.params] });
  for (const secret of credentials) if (secret) carried.push({ value: secret, replacement: redactedValue });
  return carried;
}
