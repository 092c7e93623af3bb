// What the privacy policy protects, as data: the one list of secret headers, the protected
// field names, and the shapes of the personal values found inside text. Constants only, so
// that importing the policy costs nothing until something is redacted. Dependency-free.

/** What replaces a secret: neither its value, its length nor a digest is kept. */
export const redactedValue = '[redacted]';
/** What replaces a request body that is neither JSON nor a form and names a protected field. */
export const unreadableBodyValue = '[redacted: a body that is neither JSON nor a form names a protected field]';

/**
 * Headers whose values are secret, in requests and in answers: the service's credentials
 * (x-api-key, x-signature) and the usual carriers of credentials and sessions.
 */
export const secretHeaderNames: readonly string[] = ['x-api-key', 'x-signature', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie'];

/**
 * Added to every request by the signer, but not secret, and kept in recordings: a reader of
 * the recording needs it to bracket the accepted timestamp window.
 */
export const keptAddedHeaderNames: readonly string[] = ['x-timestamp'];

/**
 * A field name as the policy compares it: lower case, without `-`, `_`, `.` or white space,
 * so `accountNumber`, `account_number`, `Account-Number` and `ACCOUNT NUMBER` are one name.
 */
export const normaliseName = (name: string): string => name.toLowerCase().replace(/[-_.\s]/g, '');

/**
 * Fields whose values are secrets (normalised names): written as "[redacted]" (a number as 0),
 * with no length. A name ending in one of them is one too (`customerPassword`, `newPin`).
 */
export const secretFieldNames: readonly string[] = ['password', 'passwd', 'passcode', 'passphrase', 'pin', 'otp', 'cvv', 'cvc', 'secret', 'apikey', 'accesstoken', 'refreshtoken', 'authtoken', 'privatekey', 'mnemonic', 'seedphrase'];

/**
 * Fields whose values are personal identifiers (normalised names): masked to their shape
 * (maskIdentifier), so a reader still sees a type and a length class. A name ending in one of
 * them is one too (`receiverAccountNumber`, `walletAddress`).
 */
export const identifierFieldNames: readonly string[] = ['accountnumber', 'accountno', 'accountname', 'iban', 'bankcode', 'bvn', 'address', 'destination', 'email', 'phone', 'phonenumber'];

/**
 * Wallet addresses by their shape, found anywhere inside a string, not as part of a longer
 * word: EVM (0x and 40 hexadecimal digits; a 64-digit transaction hash is not one), bech32
 * (bc1/tb1, either case), Tron (T and 33 base58 characters). Solana's (32 to 44 base58
 * characters) is `base58Run`, checked further by solanaShaped.
 */
export const addressSources: readonly string[] = [
  '0x[0-9a-fA-F]{40}',
  '(?:bc1|tb1)[02-9ac-hj-np-z]{11,87}',
  '(?:BC1|TB1)[02-9AC-HJ-NP-Z]{11,87}',
  'T[1-9A-HJ-NP-Za-km-z]{33}',
];
export const base58Run = '[1-9A-HJ-NP-Za-km-z]{32,44}';

/**
 * Whether a run of 32 to 44 base58 characters is taken for a Solana address. Random base58
 * almost always holds a digit, or a good share of both cases; a long camelCase word (a field
 * name such as `receiverAddressConfirmationText`) has neither, and is left alone. Where this
 * over-masks: an opaque 32-44 character id drawn from the base58 alphabet (no 0, O, I or l)
 * is masked like an address.
 */
export function solanaShaped(run: string): boolean {
  if (/[1-9]/.test(run)) return true;
  const upper = run.replace(/[^A-Z]/g, '').length;
  return upper >= run.length / 4 && run.length - upper >= run.length / 4;
}
