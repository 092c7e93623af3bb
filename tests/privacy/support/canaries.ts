// Canaries for the privacy policy's property tests, and the oracle that looks for them. The
// oracle is plain substring search: it knows nothing of the policy. Each canary is embedded
// in a provider's answer inside a context of its own (`<~~|`…`|~~>`), so a canary of one
// character can be looked for where it was put without matching every letter of the
// output; a canary long enough not to occur by chance is also looked for alone.
import fc from 'fast-check';
import { echoForms } from './echo-forms.ts';

const digits = '0123456789';
const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const symbols = ` -_.@#$%^&*!~+/=:;,?'"\\<>()[]{}|`;
const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const bech32Alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/**
 * A value a request carries in a protected field: 1 to 64 digits, letters and symbols, or a
 * number; and as banks and people write them: a Nigerian account number (ten digits, a leading
 * zero), a PIN, an account number with separators, an IBAN in groups of four.
 */
export const canaryValue: fc.Arbitrary<string | number> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: fc.constantFrom(...(digits + letters + symbols)), minLength: 1, maxLength: 64 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...digits), minLength: 1, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 999_999_999 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...digits), minLength: 9, maxLength: 9 }).map((rest) => `0${rest}`) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...digits), minLength: 10, maxLength: 10 }).map((d) => `${d.slice(0, 4)}-${d.slice(4, 7)}-${d.slice(7)}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('GB', 'NG', 'DE'), fc.string({ unit: fc.constantFrom(...`${digits}WEST`), minLength: 14, maxLength: 24 })).map(([country, rest]) => `${country}${rest}`.match(/.{1,4}/g)!.join(' ')) },
);

/** Protected field names, spelled as providers and integrators spell them. */
export const protectedName = fc.constantFrom('password', 'Password', 'PASSWORD', 'pin', 'PIN', 'otp', 'OTP', 'account_number', 'Account-Number', 'accountNumber', 'receiverAddress', 'bank_code', 'walletAddress', 'customerPin');

function base58(bytes: Uint8Array): string {
  let number = 0n;
  for (const byte of bytes) number = number * 256n + BigInt(byte);
  let out = '';
  while (number > 0n) {
    out = base58Alphabet[Number(number % 58n)] + out;
    number /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });

/** Wallet addresses as chains make them: EVM (20 bytes in hex), bech32, Tron (base58check of 0x41 and 20 bytes), Solana (32 bytes in base58). */
export const walletAddress: fc.Arbitrary<string> = fc.oneof(
  bytes(20).map((b) => `0x${Buffer.from(b).toString('hex').replace(/[a-f]/g, (c, i: number) => (i % 3 === 0 ? c.toUpperCase() : c))}`),
  fc.string({ unit: fc.constantFrom(...bech32Alphabet), minLength: 38, maxLength: 58 }).map((rest) => `bc1q${rest}`),
  bytes(24).map((b) => base58(Uint8Array.from([0x41, ...b]))).filter((a) => a.startsWith('T') && a.length === 34),
  bytes(32).map(base58).filter((a) => a.length >= 32),
);

/** A number holding the canary's digits between others (digits that no size or time of an output shows by chance), when it is 1 to 7 digits. */
export const numberEmbedding = (canary: Canary): number | undefined => (/^\d{1,7}$/.test(canary.text) ? Number(`9876${canary.text}6789`) : undefined);

export type Canary = { name: string; value: string | number; text: string; index: number };

/** The canary's echoed forms (support/echo-forms.ts), each in the canary's own context. */
export const formsInContext = (canary: Canary) => echoForms(canary.text).map(({ label, form }) => ({ label, text: inContext({ ...canary, text: form }) }));

/** The key under which a careless provider echoes the canary as a bare JSON number (its digits, leading zeros dropped), when it is 1 to 15 digits. */
export const bareNumberKey = (canary: Canary): string | undefined => (/^\d{1,15}$/.test(canary.text) ? `<${'#'.repeat(canary.index + 1)}>` : undefined);

/** The header names a careless provider puts the canary's forms in (lower case, as fetch gives them), for the forms a name can hold. */
export const headerNameEchoes = (canary: Canary): string[] =>
  echoForms(canary.text)
    .map(({ form }) => form)
    .filter((form) => /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(form))
    .map((form) => `x-e${'q'.repeat(canary.index + 1)}-${form}`.toLowerCase());

/**
 * The canary in its own context: what the answer embeds and the oracle looks for. The
 * context is made of characters a mask keeps (no letter, no digit), distinct per canary:
 * the mask of one canary's context can never read as another's.
 */
export const inContext = (canary: Canary) => `<${'~'.repeat(canary.index + 1)}|${canary.text}|${'~'.repeat(canary.index + 1)}>`;

/** The forms a text takes in an output: as is, escaped in JSON, in a URL (both encodings of a space), in a single-quoted YAML scalar. */
function forms(text: string): string[] {
  const encoded = encodeURIComponent(text);
  return [...new Set([text, JSON.stringify(text).slice(1, -1), encoded, encoded.replace(/%20/g, '+'), text.replace(/'/g, "''")])];
}

/** Whether a text is made only of what a mask is made of: then it may be a mask, and is only looked for in its context. */
const maskLike = (text: string) => !/[\p{L}\p{Nd}]/u.test(text.replace(/[0xX]/g, ''));

/**
 * The canaries and addresses an output carries, by plain substring search (a YAML writer may
 * fold a long line: each output is also searched with its line breaks unfolded). A canary is
 * looked for in its context, in every number it was embedded in, and alone when it has ten
 * characters or more that are not all mask characters; an address always.
 */
export function leaksIn(outputs: Record<string, string>, canaries: readonly Canary[], addresses: readonly string[]): string[] {
  const found: string[] = [];
  const witnesses: [label: string, text: string][] = [];
  for (const canary of canaries) {
    witnesses.push([`canary ${JSON.stringify(canary.text)} in context`, inContext(canary)]);
    for (const { label, text } of formsInContext(canary)) witnesses.push([`canary ${JSON.stringify(canary.text)} ${label}`, text]);
    const key = bareNumberKey(canary);
    if (key !== undefined) for (const spacing of ['', ' ']) witnesses.push([`canary ${canary.text} as a bare number`, `"${key}":${spacing}${BigInt(canary.text)}`]);
    for (const name of headerNameEchoes(canary)) witnesses.push([`canary ${JSON.stringify(canary.text)} in a header name`, name]);
    if (numberEmbedding(canary) !== undefined) witnesses.push([`canary ${canary.text} inside a number`, String(numberEmbedding(canary))]);
    if (canary.text.length >= 10 && !maskLike(canary.text)) witnesses.push([`canary ${JSON.stringify(canary.text)}`, canary.text]);
  }
  for (const address of addresses) witnesses.push([`address ${address}`, address]);
  for (const [channel, text] of Object.entries(outputs)) {
    const unfolded = text.replace(/\n[ \t]*/g, ' ');
    for (const [label, witness] of witnesses) {
      if (forms(witness).some((form) => text.includes(form) || unfolded.includes(form))) found.push(`${channel} carries ${label}`);
    }
  }
  return found;
}

/** The canaries of one example: protected fields of the request, each with its value and text. */
export const canaries = fc
  .array(fc.record({ name: protectedName, value: canaryValue }), { minLength: 1, maxLength: 4 })
  .map((list) => {
    // One value per name: a request carries a field once.
    const byName = new Map(list.map((c) => [c.name, c.value]));
    return [...byName].map(([name, value], index): Canary => ({ name, value, text: String(value), index }));
  });
