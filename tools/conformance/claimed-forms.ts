// The forms the privacy policy claims to find a carried value in (docs/privacy.md, "The
// forms a carried value is found in"), made here from the rule itself with the platform's
// own encoders (encodeURIComponent, encodeURI, URLSearchParams, Buffer, JSON.stringify) and
// never with a client's policy: the kit's oracle. The privacy vectors are checked with it
// (tests/conformance/privacy-vectors.test.ts), and the TypeScript runner searches every
// rendering of an error for these forms of what the request carried.

/** What one call carried: credentials, and protected body fields by name. */
export type CarriedByCall = { apiKey?: string; secret?: string; signature?: string; fields?: Record<string, string> };

/** One claimed form found in a text: where, and the text there. */
export type FoundForm = { start: number; end: number; text: string };

/** Field names whose values are secrets (names compared lower case without `-`, `_`, `.`, spaces; a name ending in one is one). */
const secretFieldNames = ['password', 'passwd', 'passcode', 'passphrase', 'pin', 'otp', 'cvv', 'cvc', 'secret', 'apikey', 'accesstoken', 'refreshtoken', 'authtoken', 'privatekey', 'mnemonic', 'seedphrase'];
const normalName = (name: string) => name.toLowerCase().replace(/[-_.\s]/g, '');
const isSecretField = (name: string) => secretFieldNames.some((secret) => normalName(name).endsWith(secret));

/** The separators an identifier is written with, one at a time between two of its characters; a URL writes a space as `%20` or `+`. */
const separator = '(?:[ \\u00a0\\t.\\-+]|%20)';
const identifierSeparators = /[ \u00a0\t.\-+]|%20/g;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A value in every URL encoding the policy claims: encodeURIComponent (space as `%20` or `+`, `!'()*~` as is or encoded), a form's, encodeURI's; each also encoded twice. */
function urlForms(value: string): string[] {
  const component = encodeURIComponent(value);
  const strict = component.replace(/[!'()*~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  const form = new URLSearchParams({ v: value }).toString().slice(2);
  const once = [component, component.replace(/%20/g, '+'), strict, strict.replace(/%20/g, '+'), form, encodeURI(value)];
  // Encoded twice: each `%` as `%25`, and the form put through encodeURIComponent again.
  const twice = once.flatMap((encoded) => [encoded.replace(/%/g, '%25'), encodeURIComponent(encoded)]);
  return [...once, ...twice];
}

/** Base64 (padded and not), base64url (padded and not) and hex of some bytes. */
function byteForms(bytes: Buffer): string[] {
  const base64 = bytes.toString('base64');
  const base64url = bytes.toString('base64url');
  return [base64, base64.replace(/=+$/, ''), base64url, `${base64url}${'='.repeat((4 - (base64url.length % 4)) % 4)}`, bytes.toString('hex')];
}

/** The exact strings a value is claimed in: as is, JSON-escaped, URL-encoded; a secret of 8 characters or more also encoded. */
export function exactForms(value: string, secret: boolean): string[] {
  const forms = new Set<string>([value, JSON.stringify(value).slice(1, -1), ...urlForms(value)]);
  if (secret && value.length >= 8) {
    for (const form of byteForms(Buffer.from(value, 'utf8'))) forms.add(form);
    // A signature in hex: its bytes too.
    if (/^(?:[0-9a-f]{2})+$/i.test(value)) for (const form of byteForms(Buffer.from(value, 'hex'))) forms.add(form);
  }
  forms.delete('');
  return [...forms];
}

/**
 * An identifier's letters and digits (lower case): a value that, less its separators, is
 * letters and digits, at least half digits, at most 34 characters. Undefined otherwise.
 */
export function identifierOf(value: string): string | undefined {
  const bare = value.replace(identifierSeparators, '').toLowerCase();
  if (bare === '' || bare.length > 34 || !/^[a-z0-9]+$/.test(bare)) return undefined;
  const digits = bare.replace(/[^0-9]/g, '').length;
  return digits * 2 >= bare.length ? bare : undefined;
}

type Matcher = { pattern: RegExp; standsAlone: boolean };

/** The patterns of every claimed form of one value. */
function matchersOf(value: string, secret: boolean): Matcher[] {
  const matchers: Matcher[] = exactForms(value, secret).map((form) => ({ pattern: new RegExp(escapeRegExp(form), 'giu'), standsAlone: false }));
  const identifier = identifierOf(value);
  if (identifier !== undefined) {
    const spaced = (chars: string) => [...chars].map(escapeRegExp).join(`${separator}?`);
    matchers.push({ pattern: new RegExp(spaced(identifier), 'gi'), standsAlone: false });
    const unpadded = identifier.replace(/^0+(?=.)/, '');
    // Digits only: also as a number prints it, where no letter or digit touches it.
    if (/^[0-9]+$/.test(identifier) && unpadded !== identifier) matchers.push({ pattern: new RegExp(spaced(unpadded), 'g'), standsAlone: true });
  }
  return matchers;
}

/** Every carried value with whether it is a secret (credentials, secret fields) or an identifier. */
export function carriedValues(carried: CarriedByCall): { value: string; secret: boolean }[] {
  const values: { value: string; secret: boolean }[] = [];
  for (const credential of [carried.apiKey, carried.secret, carried.signature]) if (credential) values.push({ value: credential, secret: true });
  for (const [name, value] of Object.entries(carried.fields ?? {})) if (value !== '') values.push({ value, secret: isSecretField(name) });
  return values;
}

/** Every occurrence of a claimed form of a carried value in the text (overlapping ones too), in order. */
export function claimedFormsIn(text: string, carried: CarriedByCall): FoundForm[] {
  const found = new Map<string, FoundForm>();
  for (const { value, secret } of carriedValues(carried)) {
    for (const { pattern, standsAlone } of matchersOf(value, secret)) {
      for (let at = 0; at <= text.length; ) {
        pattern.lastIndex = at;
        const match = pattern.exec(text);
        if (!match) break;
        const start = match.index;
        const end = start + match[0].length;
        const touched = /[\p{L}\p{Nd}]/u.test(text[start - 1] ?? '') || /[\p{L}\p{Nd}]/u.test(text[end] ?? '');
        if (!standsAlone || !touched) found.set(`${start}:${end}`, { start, end, text: match[0] });
        at = start + 1;
      }
    }
  }
  return [...found.values()].sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Whether a string is itself a claimed form of a carried value (the whole of it). */
export function isClaimedForm(candidate: string, carried: CarriedByCall): boolean {
  return claimedFormsIn(candidate, carried).some((form) => form.start === 0 && form.end === candidate.length);
}
