// The privacy policy's engine: the rules of rules.ts, plus an integrator's, applied to
// exchanges, headers, URLs, JSON values and text. Built lazily: a policy compiles its
// patterns on its first use, so that importing it, or making a client whose drift watch is
// off, costs nothing. Dependency-free: the SDK ships it.
import type { HeaderPairs, RecordedExchange } from './exchange.ts';
import { pointerKey, pointerSegment } from '../spec/pointer.ts';
import { maskNumber, maskString } from './mask.ts';
import { addressSources, base58Run, identifierFieldNames, keptAddedHeaderNames, normaliseName, redactedValue, secretFieldNames, secretHeaderNames, solanaShaped, unreadableBodyValue } from './rules.ts';

declare const redactedBrand: unique symbol;
/**
 * A value that went through the policy. Only the policy makes one (its `redact…` methods
 * return it); the writers of recordings take only this (see buildEntry, packages/sdk/src/traffic/entry.ts),
 * so a writer that skips the policy does not compile.
 */
export type Redacted<T> = T & { readonly [redactedBrand]: true };

/** What an integrator adds to the built-in rules. */
export interface RedactionRules {
  /** More field names to treat as identifiers (masked, shape kept), matched whatever their spelling. */
  fields?: readonly string[];
  /** More header names whose values are secret. */
  headers?: readonly string[];
  /** More patterns of personal values, masked wherever they appear inside text. */
  patterns?: readonly (string | RegExp)[];
}

/**
 * A value a request carried in a protected field (or a secret header), and what replaces it
 * wherever it reappears: "[redacted]" for a secret, its mask for an identifier.
 */
export type CarriedValue = { value: string; replacement: string };
/** Carried values as the policy's methods take them: a bare string or number is a secret. */
export type Carried = readonly (string | number | CarriedValue)[];

/** Where a request carries values: its URL, its body (text or parsed), its headers. */
export type CarryingRequest = { url?: string; body?: unknown; headers?: HeaderPairs; addedHeaders?: readonly string[] };

export interface PrivacyPolicy {
  /** A recorded request and answer with everything protected masked, echoes included (`carried`: more values to find). */
  redactExchange(exchange: RecordedExchange, carried?: Carried): Redacted<RecordedExchange>;
  /** Header pairs with secret headers replaced by the redacted marker, and carried values and identifiers masked in the others. */
  redactHeaders(headers: HeaderPairs, carried?: Carried): Redacted<HeaderPairs>;
  /** A header name whose value is never written. */
  isSecretHeader(name: string): boolean;
  /** Free text (a message, a log line, a body) with identifiers, carried values and `name: value` pairs of protected names masked. */
  redactText(text: string, carried?: Carried): Redacted<string>;
  /**
   * Names rather than prose (a field name, a JSON pointer, a shape such as `{address: string}`):
   * identifiers, patterns and carried values masked, but no `name: value` pair read, so a
   * protected field's type in a shape survives.
   */
  redactName(text: string, carried?: Carried): Redacted<string>;
  /** An RFC 6901 JSON pointer with each key through redactName: an echo is found in a key as sent, not in its escaped form. */
  redactPointer(pointer: string, carried?: Carried): Redacted<string>;
  /** A JSON value with protected fields, identifier-shaped strings and carried values masked at any depth, keys included. */
  redactJson(value: unknown, carried?: Carried): unknown;
  /** A JSON value through redactJson, as JSON text (`space` as JSON.stringify takes it): what a writer of JSON writes. */
  redactJsonText(value: unknown, carried?: Carried, space?: number): Redacted<string>;
  /** The policy with an integrator's rules added. */
  extend(rules: RedactionRules | undefined): PrivacyPolicy;
  /** The value of a field (`name`: its key, a JSON pointer to it, or a `Schema.field` label; the last segment counts), masked as the field and its contents require. */
  redactField(name: string, value: unknown, carried?: Carried): unknown;
  /** A URL with protected query parameters, identifiers and carried values masked, in its path and query. */
  redactUrl(url: string, carried?: Carried): Redacted<string>;
  /** The values a request carries in protected fields and secret headers, each with what replaces it. */
  carriedBy(request: CarryingRequest): CarriedValue[];
  /** Whether a field of this name is protected: a secret, an identifier, or neither. */
  classOf(name: string): 'secret' | 'identifier' | undefined;
  /** The rules this policy adds to the built-in ones. */
  readonly rules: Readonly<Required<RedactionRules>>;
}

/** How many policies compiled their patterns (tests check that a client with the watch off compiles none). */
export const policyStats = { compiled: 0 };

type FieldClass = 'secret' | 'identifier' | undefined;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The carried values of one exchange or event, found in a text by plain search, case
 * insensitive. Not a RegExp of them: its source would be new for every exchange (a signature,
 * a timestamp), and V8 keeps each compiled pattern in its compilation cache until a full
 * collection, so a busy process grew its heap by hundreds of megabytes.
 */
export class Echoes {
  /** Lower-cased, longest first: a value inside another is not replaced before it. */
  readonly #variants: string[];
  readonly #replacements: Map<string, string>;
  /** Identifiers found whatever separators stand between their characters (looseForms), longest first. */
  readonly #loose: string[];
  readonly #looseReplacements: Map<string, string>;
  readonly #looseDigits: string[];
  readonly #looseMixed: string[];

  /**
   * Each value with its replacement; of values alike but for case, the first one's replacement
   * is used. `loose`: values (lower case letters and digits) also found where separators were
   * added, removed or changed between their characters (`0123 4567`, `0123-4567`).
   * `secrets`: values also found in base64, base64url and hex, each replaced by "[redacted]".
   */
  /** Secrets also found in base64, base64url and hex (encodedForms); their forms are made on first need. */
  readonly #secrets: readonly string[];
  #encoded: string[] | undefined;
  #prefixes: string[] | undefined;

  constructor(replacements: Iterable<readonly [value: string, replacement: string]>, loose: Iterable<readonly [value: string, replacement: string]> = [], secrets: readonly string[] = []) {
    this.#secrets = secrets;
    this.#replacements = new Map();
    for (const [value, replacement] of replacements) {
      const folded = fold(value);
      if (!this.#replacements.has(folded)) this.#replacements.set(folded, replacement);
    }
    this.#variants = [...this.#replacements.keys()].sort((a, b) => b.length - a.length);
    this.#looseReplacements = new Map();
    for (const [value, replacement] of loose) if (!this.#looseReplacements.has(value)) this.#looseReplacements.set(value, replacement);
    this.#loose = [...this.#looseReplacements.keys()].sort((a, b) => b.length - a.length);
    this.#looseDigits = this.#loose.filter((value) => /^\d+$/.test(value));
    this.#looseMixed = this.#loose.filter((value) => !/^\d+$/.test(value));
    // A value without its leading zeros is how a JSON number echoes it: it is masked where it
    // stands as a number, not inside an id (`058` as `58` in `…6e58`).
    this.#asNumbers = new Set(this.#looseDigits.filter((value) => this.#looseDigits.some((padded) => padded.length > value.length && padded.endsWith(value) && /^0+$/.test(padded.slice(0, padded.length - value.length)))));
  }

  readonly #asNumbers: Set<string>;

  /**
   * Where `value` next stands in the squeezed text from `from`: anywhere, or for a number form
   * only where, in the text itself, no letter or digit touches it.
   */
  #nextLoose(text: string, squeezed: string, origins: readonly number[], value: string, from: number): number {
    for (let index = squeezed.indexOf(value, from); index !== -1; index = squeezed.indexOf(value, index + 1)) {
      if (!this.#asNumbers.has(value)) return index;
      const before = text[origins[index]! - 1] ?? '';
      const after = text[origins[index + value.length - 1]! + 1] ?? '';
      if (!/[A-Za-z0-9]/.test(before) && !/[A-Za-z0-9]/.test(after)) return index;
    }
    return -1;
  }

  /** Whether the text holds any of the values. */
  in(text: string): boolean {
    const lower = fold(text);
    return this.#variants.some((variant) => lower.includes(variant)) || this.#encodedIn(text, lower) || this.#looseIn(lower);
  }

  /** Whether the text holds a secret encoded: only a text with a run long enough to be one is searched, most have none. */
  #encodedIn(text: string, lower: string): boolean {
    if (this.#secrets.length === 0 || !encodedRun.test(text)) return false;
    // Each form starts with what its secret's first three bytes encode to: the forms themselves are made only for a text that holds such a start.
    this.#prefixes ??= [...new Set(this.#secrets.flatMap(encodedPrefixes))];
    return this.#prefixes.some((prefix) => lower.includes(prefix)) && this.#encodedForms().some((form) => lower.includes(form));
  }

  #encodedForms(): string[] {
    return (this.#encoded ??= [...new Set(this.#secrets.flatMap(encodedForms).map(fold))].sort((a, b) => b.length - a.length));
  }

  /**
   * Whether the (lower-cased) text, read without its separators, holds a loose value. A value
   * of digits can only be there when the text's digits alone hold it, and one of letters and
   * digits when its letters and digits alone do: those are looked at first, being cheaper.
   */
  #looseIn(folded: string): boolean {
    if (this.#loose.length === 0 || !/\d/.test(folded)) return false;
    // A URL's encoded space is a separator, not digits.
    const lower = folded.includes('%20') ? folded.replaceAll('%20', ' ') : folded;
    let candidate = false;
    if (this.#looseDigits.length > 0) {
      const digits = lower.replace(/\D+/g, '');
      candidate = this.#looseDigits.some((value) => digits.includes(value));
    }
    if (!candidate && this.#looseMixed.length > 0) {
      const alphanumeric = lower.replace(/[^a-z0-9]+/g, '');
      candidate = this.#looseMixed.some((value) => alphanumeric.includes(value));
    }
    if (!candidate) return false;
    const squeezed = lower.replace(separatorBetween, '');
    if (!this.#loose.some((value) => squeezed.includes(value))) return false;
    // Only a number form found may stand inside an id: look where it stands in the text.
    if (this.#asNumbers.size === 0) return true;
    const located = squeeze(lower);
    return this.#loose.some((value) => this.#nextLoose(lower, located.squeezed, located.origins, value, 0) !== -1);
  }

  /** The text with every value replaced by its replacement, leftmost first, the longest at one place. */
  replace(text: string): string {
    const lower = fold(text);
    const exact = this.#variants.some((variant) => lower.includes(variant));
    if (!exact && !this.#encodedIn(text, lower) && !this.#looseIn(lower)) return text;
    let replaced = exact ? this.#replaceExact(text, this.#variants) : text;
    if (this.#encodedIn(replaced, fold(replaced))) replaced = this.#replaceExact(replaced, this.#encodedForms());
    return this.#looseIn(fold(replaced)) ? this.#replaceLoose(replaced) : replaced;
  }

  /** The text with each of `variants` (lower case, longest first) replaced by its replacement, "[redacted]" when it has none. */
  #replaceExact(text: string, variants: readonly string[]): string {
    let lower = fold(text);
    if (!variants.some((variant) => lower.includes(variant))) return text;
    // Where lower case lengthened a character ('İ' is two), where each lower-case unit came from.
    let starts: number[] | undefined;
    let ends: number[] | undefined;
    if (lower.length !== text.length) ({ lower, starts, ends } = lowerCaseMap(text));
    let out = '';
    let from = 0;
    for (let searchFrom = 0; ; ) {
      let at = -1;
      let hit = '';
      for (const variant of variants) {
        const index = lower.indexOf(variant, searchFrom);
        if (index !== -1 && (at === -1 || index < at)) {
          at = index;
          hit = variant;
        }
      }
      if (at === -1) return out + text.slice(from);
      const start = starts ? starts[at]! : at;
      out += text.slice(from, start) + (this.#replacements.get(hit) ?? redactedValue);
      from = ends ? ends[at + hit.length - 1]! : at + hit.length;
      searchFrom = at + hit.length;
    }
  }

  /** The loose values replaced in the text read without its separators, each replacement spanning the separators it took in. */
  #replaceLoose(text: string): string {
    const { squeezed, origins } = squeeze(text);
    let out = '';
    let from = 0;
    for (let searchFrom = 0; ; ) {
      let at = -1;
      let hit = '';
      for (const value of this.#loose) {
        const index = this.#nextLoose(text, squeezed, origins, value, searchFrom);
        if (index !== -1 && (at === -1 || index < at)) {
          at = index;
          hit = value;
        }
      }
      if (at === -1) return out + text.slice(from);
      const last = at + hit.length - 1;
      out += text.slice(from, origins[at]) + (this.#looseReplacements.get(hit) ?? redactedValue);
      from = origins[last]! + 1;
      searchFrom = last + 1;
    }
  }
}

/** Separators people and systems put between the groups of an identifier: a space (also form-encoded), a no-break space, a dot, a dash. */
const separatorChars = new Set([' ', '\u00a0', '\t', '.', '-', '+']);
/** A separator between two letters or digits of a lower-cased text, as squeeze drops it: for a quick look, without the origins. */
const separatorBetween = /(?<=[a-z0-9])(?:[ \u00a0\t.+-]|%20)(?=[a-z0-9])/g;
/** The shortest run a secret encoded makes: 8 bytes in base64 are 11 characters. */
const encodedRun = /[A-Za-z0-9+/_-]{11}/;
const isAlphanumeric = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/**
 * The text in lower case without the separators that stand alone between two letters or
 * digits (`%20` counts as one), and where each of its characters came from in the text.
 */
function squeeze(text: string): { squeezed: string; origins: number[] } {
  let squeezed = '';
  const origins: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    const width = separatorChars.has(char) ? 1 : char === '%' && text.startsWith('%20', index) ? 3 : 0;
    if (width > 0 && index > 0 && isAlphanumeric(text.charCodeAt(index - 1)) && isAlphanumeric(text.charCodeAt(index + width))) {
      index += width - 1;
      continue;
    }
    squeezed += char.toLowerCase();
    origins.push(index);
  }
  return { squeezed, origins };
}

/**
 * The forms of a carried identifier found whatever separators its echo has: its letters and
 * digits in lower case when, less its separators, it is letters and digits, at least half of
 * them digits, and no longer than an IBAN (an account number, a PIN, a phone number, an IBAN;
 * not a word, not a signature); without its leading zeros too when it is all digits (an
 * account number echoed as a JSON number loses them).
 */
export function looseForms(value: string): string[] {
  let normal = '';
  for (let index = 0; index < value.length; index++) {
    const char = value[index]!;
    if (separatorChars.has(char)) continue;
    if (!isAlphanumeric(char.charCodeAt(0))) return [];
    normal += char.toLowerCase();
  }
  const digits = normal.replace(/[^0-9]/g, '').length;
  if (normal === '' || normal.length > 34 || digits * 2 < normal.length) return [];
  if (digits < normal.length) return [normal];
  const unpadded = normal.replace(/^0+(?=.)/, '');
  return unpadded === normal ? [normal] : [normal, unpadded];
}

/**
 * Lower case, with the final sigma as any other: 'Σ' lower-cases to 'ς' or 'σ' by where it
 * stands, which a text cut into characters (lowerCaseMap) cannot tell.
 */
function fold(text: string): string {
  const lower = text.toLowerCase();
  return lower.includes('ς') ? lower.replaceAll('ς', 'σ') : lower;
}

/** A text's lower case (fold), character by character, with the span of the text each unit of it came from. */
function lowerCaseMap(text: string): { lower: string; starts: number[]; ends: number[] } {
  let lower = '';
  const starts: number[] = [];
  const ends: number[] = [];
  for (const char of text) {
    const start = ends.length === 0 ? 0 : ends[ends.length - 1]!;
    const folded = fold(char);
    for (let unit = 0; unit < folded.length; unit++) {
      starts.push(start);
      ends.push(start + char.length);
    }
    lower += folded;
  }
  return { lower, starts, ends };
}

const brand = <T>(value: T) => value as Redacted<T>;

const unreserved = /^[A-Za-z0-9._-]*$/;

/** Every character but letters, digits and `-._` percent-encoded (encodeURIComponent leaves `!'()*~`). */
const strictlyEncoded = (encoded: string) => encoded.replace(/[!'()*~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The forms a value takes where it reappears: as is; escaped in JSON text; in a URL by every
 * common encoding (encodeURIComponent with a space as `%20` or `+`, with `!'()*~` encoded
 * too, a form's as URLSearchParams writes it, encodeURI's) and encoded twice (every `%` as
 * `%25`, by encodeURIComponent or alone).
 */
export function variantsOf(value: string): string[] {
  // Letters, digits and `-._` are the same in every encoding and in JSON (a signature, a key, a number).
  if (unreserved.test(value)) return [value];
  const variants = new Set([value]);
  try {
    const encoded = encodeURIComponent(value);
    const strict = strictlyEncoded(encoded);
    const formEncoded = new URLSearchParams([['', value]]).toString().slice(1);
    const once = [encoded, encoded.replace(/%20/g, '+'), strict, strict.replace(/%20/g, '+'), formEncoded, encodeURI(value)];
    for (const form of once) variants.add(form);
    // Encoded twice: the form through encodeURIComponent again, or only each `%` as `%25` (a `+` left as it was).
    for (const form of once) {
      if (form === value) continue;
      variants.add(encodeURIComponent(form));
      if (form.includes('%')) variants.add(form.replace(/%/g, '%25'));
    }
  } catch {
    /* a lone surrogate: it cannot be in a URL either */
  }
  variants.add(JSON.stringify(value).slice(1, -1));
  return [...variants];
}

/** The shortest secret also looked for in base64 and hex: shorter ones would be found inside unrelated text. */
const encodedSecretLength = 8;

/**
 * A secret's forms in the encodings credentials are shown in: its UTF-8 bytes in base64,
 * base64url and hex, and, when it is hex or base64 itself (a signature), its bytes in the
 * others. Padding is left off: an echo with it holds the form without.
 */
export function encodedForms(secret: string): string[] {
  if (secret.length < encodedSecretLength) return [];
  // The API key and a password come again call after call: their forms are kept (a few hundred at most).
  const known = encodedCache.get(secret);
  if (known !== undefined) return known;
  const forms = encode(secret);
  if (encodedCache.size >= 256) encodedCache.clear();
  encodedCache.set(secret, forms);
  return forms;
}

const encodedCache = new Map<string, string[]>();

/** How each form of encodedForms begins, lower-cased: the encoding of the secret's first three bytes (four base64 characters, six hex digits). */
export function encodedPrefixes(secret: string): string[] {
  if (!/^[\x00-\x7f]*$/.test(secret)) return encodedForms(secret).map((form) => form.slice(0, 4).toLowerCase());
  const prefixes = new Set<string>();
  const add = (bytes: string) => {
    const base64 = btoa(bytes).toLowerCase();
    prefixes.add(base64);
    prefixes.add(base64.replace(/\+/g, '-').replace(/\//g, '_'));
    prefixes.add(hexOf(bytes));
  };
  add(secret.slice(0, 3));
  if (/^(?:[0-9a-fA-F]{2})+$/.test(secret)) add(String.fromCharCode(...[0, 2, 4].map((at) => Number.parseInt(secret.slice(at, at + 2), 16))));
  else if (secret.length >= 40 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(secret) && secret.replace(/=+$/, '').length % 4 !== 1) add(atob(secret.slice(0, 4).replace(/-/g, '+').replace(/_/g, '/')));
  return [...prefixes];
}

function encode(secret: string): string[] {
  const forms = new Set<string>();
  // As a binary string (a character per byte), what btoa takes: an ASCII secret is one already.
  addEncodings(forms, /^[\x00-\x7f]*$/.test(secret) ? secret : String.fromCharCode(...new TextEncoder().encode(secret)));
  if (/^(?:[0-9a-fA-F]{2})+$/.test(secret)) {
    let bytes = '';
    for (let at = 0; at < secret.length; at += 2) bytes += String.fromCharCode(Number.parseInt(secret.slice(at, at + 2), 16));
    addEncodings(forms, bytes);
  }
  // A signature in base64 (43 or 44 characters for 32 bytes); a shorter value is rather a word.
  else if (secret.length >= 40 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(secret) && secret.replace(/=+$/, '').length % 4 !== 1) {
    const plain = secret.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
    addEncodings(forms, atob(plain + '='.repeat((4 - (plain.length % 4)) % 4)));
  }
  forms.delete(secret);
  return [...forms];
}

const hexDigits = '0123456789abcdef';

/** A binary string's base64 (without padding: an echo with it holds the form without), base64url and hex. */
function addEncodings(forms: Set<string>, bytes: string): void {
  const base64 = btoa(bytes).replace(/=+$/, '');
  forms.add(base64);
  forms.add(base64.replace(/\+/g, '-').replace(/\//g, '_'));
  forms.add(hexOf(bytes));
}

function hexOf(bytes: string): string {
  let hex = '';
  for (let at = 0; at < bytes.length; at++) {
    const byte = bytes.charCodeAt(at);
    hex += hexDigits[byte >> 4]! + hexDigits[byte & 15]!;
  }
  return hex;
}

/** Headers whose value is a URL: masked as one, so that it stays one. */
const urlHeaders = new Set(['location', 'content-location', 'referer', 'link']);

/** Names short enough to be common inside words: found in text only as whole words. */
const shortName = (name: string) => name.length <= 3;

class Engine {
  private readonly secretNames: readonly string[];
  private readonly identifierNames: readonly string[];
  private readonly secretHeaders: Set<string>;
  private readonly keptAdded = new Set(keptAddedHeaderNames);
  private readonly addresses: RegExp;
  private readonly base58 = new RegExp(`(?<![0-9A-Za-z])${base58Run}(?![0-9A-Za-z])`, 'g');
  private readonly extraPatterns: RegExp[];
  /** `name: value`, `name=value`, `"name": "value"` in text, the name up to four words. */
  private readonly pair = /(?<![A-Za-z0-9])([A-Za-z][A-Za-z0-9]*(?:[-_ ][A-Za-z0-9]+){0,3})(["']?[ \t]*[:=][ \t]*)("(?:[^"\\\n]|\\.)*"?|'[^'\n]*'?|(?![{[("'])[^\s&,;]*[^\s&,;)}\]"'])/g;
  /** The protected names as a text must show them for a body that is not JSON to be withheld whole. */
  private readonly namedInText: RegExp;
  private readonly classes = new Map<string, FieldClass>();
  private readonly echoesCache = new WeakMap<Carried, Echoes | undefined>();

  constructor(rules: Required<RedactionRules>) {
    policyStats.compiled++;
    this.secretNames = secretFieldNames;
    this.identifierNames = [...identifierFieldNames, ...rules.fields.map(normaliseName).filter(Boolean)];
    this.secretHeaders = new Set([...secretHeaderNames, ...rules.headers.map((name) => name.toLowerCase())]);
    this.addresses = new RegExp(`(?<![0-9A-Za-z])(?:${addressSources.join('|')})(?![0-9A-Za-z])`, 'g');
    this.extraPatterns = rules.patterns.map((pattern) => (typeof pattern === 'string' ? new RegExp(pattern, 'g') : new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`)));
    const all = [...this.secretNames, ...this.identifierNames];
    const long = all.filter((name) => !shortName(name)).map(escapeRegExp);
    const short = all.filter(shortName).map(escapeRegExp);
    this.namedInText = new RegExp([long.length ? long.join('|') : undefined, short.length ? `\\b(?:${short.join('|')})\\b` : undefined].filter(Boolean).join('|') || '(?!)', 'i');
  }

  isSecretHeader = (name: string) => this.secretHeaders.has(name.toLowerCase());

  classOf(name: string): FieldClass {
    let found = this.classes.get(name);
    if (found !== undefined || this.classes.has(name)) return found;
    const normal = normaliseName(name);
    found = this.secretNames.some((s) => normal.endsWith(s)) ? 'secret' : this.identifierNames.some((s) => normal.endsWith(s)) ? 'identifier' : undefined;
    if (this.classes.size > 10_000) this.classes.clear();
    this.classes.set(name, found);
    return found;
  }

  echoes(carried: Carried | undefined): Echoes | undefined {
    if (carried === undefined || carried.length === 0) return undefined;
    if (this.echoesCache.has(carried)) return this.echoesCache.get(carried);
    const replacements: [string, string][] = [];
    const loose: [string, string][] = [];
    const secrets: string[] = [];
    for (const item of carried) {
      const { value, replacement } = typeof item === 'object' ? item : { value: String(item), replacement: redactedValue };
      if (value === '') continue;
      for (const variant of variantsOf(value)) replacements.push([variant, replacement]);
      // A secret (a credential, a password) also as it is shown encoded; an identifier also
      // as people print it, whatever its separators and leading zeros.
      if (replacement === redactedValue && value.length >= encodedSecretLength) secrets.push(value);
      for (const form of looseForms(value)) loose.push([form, replacement]);
    }
    const echoes = replacements.length === 0 ? undefined : new Echoes(replacements, loose, secrets);
    this.echoesCache.set(carried, echoes);
    return echoes;
  }

  /** Text with carried values, addresses, the integrator's patterns and `name: value` pairs of protected names masked. */
  text(text: string, echoes: Echoes | undefined, pairs = true): string {
    // Without carried values the answer depends on the text alone: the names, pointers and
    // states a report reads by the thousand are masked once each.
    if (echoes === undefined && text.length <= 200) {
      const cache = pairs ? this.prose : this.names;
      const known = cache.get(text);
      if (known !== undefined) return known;
      const masked = this.mask(text, undefined, pairs);
      if (cache.size >= 10_000) cache.clear();
      cache.set(text, masked);
      return masked;
    }
    return this.mask(text, echoes, pairs);
  }

  private readonly prose = new Map<string, string>();
  private readonly names = new Map<string, string>();

  private mask(text: string, echoes: Echoes | undefined, pairs: boolean): string {
    let out = text;
    // Pairs first: an address under a protected name keeps its shape, not the pattern's mask read again.
    if (pairs && (out.includes(':') || out.includes('='))) out = this.pairs(out);
    if (echoes) out = echoes.replace(out);
    // The shortest address (bech32) is 14 characters.
    if (out.length >= 14) {
      out = out.replace(this.addresses, maskString);
      if (out.length >= 32) out = out.replace(this.base58, (run) => (solanaShaped(run) ? maskString(run) : run));
    }
    for (const pattern of this.extraPatterns) out = out.replace(pattern, maskString);
    return out;
  }

  /**
   * `name: value` pairs of protected names masked. A pair of another name moves the search
   * on past its name only, so `Invalid request: password=…` still finds the password.
   */
  private pairs(text: string): string {
    let out = '';
    let from = 0;
    const pair = this.pair;
    pair.lastIndex = 0;
    for (let match = pair.exec(text); match !== null; match = pair.exec(text)) {
      const [whole, name, separator, given] = match as unknown as [string, string, string, string];
      const found = this.classOf(name);
      if (found === undefined) {
        // The next name may start inside this one (`the password`) or after it.
        pair.lastIndex = match.index + Math.max(1, name.indexOf(' ') + 1 || name.length);
        continue;
      }
      // A quoted value is masked inside its quotes (to the closing one, or the end of the line).
      const quote = given[0] === '"' || given[0] === "'" ? given[0] : '';
      const closed = quote !== '' && given.length > 1 && given.endsWith(quote);
      const value = quote === '' ? given : given.slice(1, closed ? -1 : undefined);
      // A number stays a number; an identifier made only of mask characters is "[redacted]", like in JSON.
      const masked = value === redactedValue ? value : found === 'secret' ? redactedValue : /^-?\d+(?:\.\d+)?$/.test(value) ? String(maskNumber(Number(value))) : this.identifierString(value);
      if (masked === value) continue;
      out += `${text.slice(from, match.index)}${name}${separator}${quote}${masked}${closed ? quote : ''}`;
      from = match.index + whole.length;
    }
    return from === 0 ? text : out + text.slice(from);
  }

  /** A string identifier's mask; "[redacted]" when the mask would be the value itself (`000`, `x-0`). */
  identifierString(value: string): string {
    const masked = maskString(value);
    return masked === value && value !== '' ? redactedValue : masked;
  }

  identifier(value: unknown, echoes: Echoes | undefined): unknown {
    if (typeof value === 'string') return this.identifierString(value);
    if (typeof value === 'number') return maskNumber(value);
    if (Array.isArray(value)) return value.map((item) => this.identifier(item, echoes));
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, member]) => [this.text(key, echoes), this.identifier(member, echoes)]));
    return value;
  }

  secret(value: unknown, echoes: Echoes | undefined): unknown {
    if (typeof value === 'string') return redactedValue;
    if (typeof value === 'number') return 0;
    if (Array.isArray(value)) return value.map((item) => this.secret(item, echoes));
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, member]) => [this.text(key, echoes), this.secret(member, echoes)]));
    return value;
  }

  field(name: string, value: unknown, echoes: Echoes | undefined): unknown {
    const found = this.classOf(name);
    return found === 'secret' ? this.secret(value, echoes) : found === 'identifier' ? this.identifier(value, echoes) : this.json(value, echoes);
  }

  json(value: unknown, echoes: Echoes | undefined): unknown {
    if (typeof value === 'string') return this.text(value, echoes);
    // A number whose digits hold a carried value is masked, and stays a number.
    // A number whose mask would be itself (1, 100) is written 0, as such a string is "[redacted]".
    if (typeof value === 'number') return echoes && echoes.in(String(value)) ? maskedEcho(value) : value;
    if (Array.isArray(value)) return value.map((item) => this.json(item, echoes));
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) out[this.text(key, echoes, false)] = this.field(key, member, echoes);
    return out;
  }

  /** Form or query parameters, by name and value; the same text when nothing changed. */
  parameters(text: string, echoes: Echoes | undefined): string {
    const pairs = [...new URLSearchParams(text)];
    let changed = false;
    const redacted = pairs.map(([name, value]): [string, string] => {
      const found = this.classOf(name);
      const masked: [string, string] = [this.text(name, echoes), found === 'secret' ? redactedValue : found === 'identifier' ? this.identifierString(value) : this.text(value, echoes)];
      changed ||= masked[0] !== name || masked[1] !== value;
      return masked;
    });
    return changed ? new URLSearchParams(redacted).toString() : text;
  }

  /**
   * A URL with its path, query and fragment masked. Its origin is kept (the provider's own
   * address, which the integrator configured: masking in it would make it no URL at all),
   * less any user and password in it.
   */
  url(url: string, echoes: Echoes | undefined): string {
    const origin = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/(?:[^/?#@]*@)?[^/?#]*/.exec(url)?.[0] ?? '';
    const kept = origin.replace(/\/\/[^/?#@]*@/, '//');
    const rest = url.slice(origin.length);
    const query = rest.indexOf('?');
    const hash = rest.indexOf('#');
    const end = hash < 0 ? rest.length : hash;
    const hasQuery = query >= 0 && query < end;
    const path = rest.slice(0, hasQuery ? query : end);
    const search = hasQuery ? rest.slice(query + 1, end) : '';
    const fragment = hash < 0 ? '' : rest.slice(hash);
    // The path keeps the slash that parts it from the origin, even where a carried value is a
    // slash: without it the path would run into the host, and the result be no URL.
    let maskedPath = this.text(path, echoes, false);
    if (kept !== '' && path.startsWith('/') && !maskedPath.startsWith('/')) maskedPath = `/${maskedPath}`;
    return `${kept}${maskedPath}${hasQuery ? `?${search === '' ? '' : this.parameters(search, echoes)}` : ''}${fragment === '' ? '' : this.text(fragment, echoes)}`;
  }

  /** A body: JSON first, then a form, else text (withheld whole when it names a protected field). */
  body(text: string, contentType: string | undefined, echoes: Echoes | undefined): string {
    if (text === '') return text;
    const first = text.trimStart()[0];
    if (first === '{' || first === '[' || first === '"') {
      try {
        const parsed: unknown = JSON.parse(text);
        const redacted = this.json(parsed, echoes);
        const written = JSON.stringify(redacted);
        return written === JSON.stringify(parsed) ? text : written;
      } catch {
        /* not JSON */
      }
    }
    if (/^application\/x-www-form-urlencoded\b/i.test(contentType ?? '')) return this.parameters(text, echoes);
    if (this.namedInText.test(text) || this.namedInText.test(text.replace(/[-_\s]/g, ''))) return unreadableBodyValue;
    return this.text(text, echoes);
  }

  carriedBy(request: CarryingRequest): CarriedValue[] {
    const found: CarriedValue[] = [];
    const add = (value: unknown, kind: FieldClass) => {
      if (value === null || value === undefined || typeof value === 'boolean') return;
      if (typeof value === 'object') {
        for (const member of Object.values(value)) add(member, kind);
        return;
      }
      const text = String(value);
      if (text !== '') found.push({ value: text, replacement: kind === 'secret' ? redactedValue : this.identifierString(text) });
    };
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(visit);
      if (value === null || typeof value !== 'object') return;
      for (const [key, member] of Object.entries(value)) {
        const kind = this.classOf(key);
        if (kind) add(member, kind);
        else visit(member);
      }
    };
    const fromParameters = (text: string) => {
      for (const [name, value] of new URLSearchParams(text)) {
        const kind = this.classOf(name);
        if (kind) add(value, kind);
      }
    };
    if (request.url !== undefined) {
      const query = request.url.indexOf('?');
      if (query >= 0) fromParameters(request.url.slice(query + 1).split('#')[0]!);
    }
    if (typeof request.body === 'string' && request.body !== '') {
      let parsed: unknown;
      let json = false;
      try {
        parsed = JSON.parse(request.body);
        json = true;
      } catch {
        fromParameters(request.body);
      }
      if (json) visit(parsed);
    } else if (request.body !== undefined) visit(request.body);
    const added = new Set((request.addedHeaders ?? []).map((name) => name.toLowerCase()));
    for (const [name, value] of request.headers ?? []) {
      const lower = name.toLowerCase();
      if (!this.secretHeaders.has(lower) && !(added.has(lower) && !this.keptAdded.has(lower))) continue;
      if (value === '' || value === redactedValue) continue;
      found.push({ value, replacement: redactedValue });
      // The credential inside `Bearer …` or `sid=…; …`, found alone too.
      for (const piece of value.split(/[\s;,=]+/)) if (piece.length >= 6 && piece !== value) found.push({ value: piece, replacement: redactedValue });
    }
    return found;
  }

  headers(headers: HeaderPairs, added: Set<string>, echoes: Echoes | undefined): HeaderPairs {
    return headers.map(([name, value]) => {
      const lower = name.toLowerCase();
      // A name is the answer's too: a provider may put a carried value or an address in it.
      const masked = this.text(name, echoes, false);
      if (this.secretHeaders.has(lower) || (added.has(lower) && !this.keptAdded.has(lower))) return [masked, redactedValue];
      return [masked, urlHeaders.has(lower) ? this.url(value, echoes) : this.text(value, echoes)];
    });
  }

  exchange(exchange: RecordedExchange, carried: Carried | undefined): RecordedExchange {
    const { request, response } = exchange;
    const added = new Set((exchange.addedHeaders ?? []).map((name) => name.toLowerCase()));
    const fromRequest = this.carriedBy({ url: request.url, body: request.body, headers: request.headers, addedHeaders: exchange.addedHeaders });
    // A secret the answer's own headers hold (a set-cookie, say) is masked wherever the answer repeats it.
    const fromAnswer = this.carriedBy({ headers: response.headers });
    const all = [...fromRequest, ...fromAnswer, ...(carried ?? [])];
    const echoes = this.echoes(all);
    const requestBody = request.body === undefined ? undefined : this.body(request.body, headerValue(request.headers, 'content-type'), echoes);
    const responseBody = this.body(response.body, headerValue(response.headers, 'content-type'), echoes);
    return {
      ...exchange,
      request: {
        ...request,
        url: this.url(request.url, echoes),
        headers: withContentLength(this.headers(request.headers, added, echoes), request.body, requestBody),
        ...(requestBody === undefined ? {} : { body: requestBody }),
      },
      response: {
        ...response,
        ...(response.statusText === undefined ? {} : { statusText: this.text(response.statusText, echoes) }),
        headers: withContentLength(this.headers(response.headers, added, echoes), response.body, responseBody),
        body: responseBody,
      },
    };
  }
}

/** A number that holds a carried value, masked to its shape; 0 when its shape is itself. */
function maskedEcho(value: number): number {
  const masked = maskNumber(value);
  return masked === value ? 0 : masked;
}

const headerValue = (headers: HeaderPairs, name: string) => headers.find(([n]) => n.toLowerCase() === name)?.[1];

/** Content-Length follows the body it describes, once that body was redacted (an original length would tell how long a password is). */
function withContentLength(headers: HeaderPairs, original: string | undefined, body: string | undefined): HeaderPairs {
  if (original === body) return headers;
  const length = String(new TextEncoder().encode(body ?? '').length);
  return headers.map(([name, value]) => (name.toLowerCase() === 'content-length' ? [name, length] : [name, value]));
}

/**
 * The key a field is judged by: the last segment of a JSON pointer (`/meta.version` is the
 * key `meta.version`, `~1` and `~0` decoded), else the last segment of a `Schema.field` label.
 */
function fieldKey(name: string): string {
  if (name.startsWith('/')) return name.slice(name.lastIndexOf('/') + 1).replace(/~1/g, '/').replace(/~0/g, '~');
  return name.split('.').pop()!;
}

export function buildPolicy(rules: RedactionRules): PrivacyPolicy {
  const merged: Required<RedactionRules> = { fields: [...(rules.fields ?? [])], headers: [...(rules.headers ?? [])], patterns: [...(rules.patterns ?? [])] };
  let compiled: Engine | undefined;
  const engine = () => (compiled ??= new Engine(merged));
  const policy: PrivacyPolicy = {
    rules: merged,
    redactExchange: (exchange, carried) => brand(engine().exchange(exchange, carried)),
    redactHeaders: (headers, carried) => {
      const e = engine();
      return brand(e.headers(headers, new Set(), e.echoes(carried)));
    },
    isSecretHeader: (name) => engine().isSecretHeader(name),
    redactText: (text, carried) => {
      const e = engine();
      return brand(e.text(String(text), e.echoes(carried)));
    },
    redactName: (text, carried) => {
      const e = engine();
      return brand(e.text(String(text), e.echoes(carried), false));
    },
    redactPointer: (pointer, carried) => {
      const e = engine();
      const echoes = e.echoes(carried);
      if (!pointer.startsWith('/')) return brand(e.text(pointer, echoes, false));
      return brand(pointer.split('/').slice(1).map((segment) => `/${pointerSegment(e.text(pointerKey(segment), echoes, false))}`).join(''));
    },
    redactJson: (value, carried) => {
      const e = engine();
      return e.json(value, e.echoes(carried));
    },
    redactJsonText: (value, carried, space) => {
      const e = engine();
      return brand(JSON.stringify(e.json(value, e.echoes(carried)), null, space) ?? 'undefined');
    },
    redactField: (name, value, carried) => {
      const e = engine();
      return e.field(fieldKey(name), value, e.echoes(carried));
    },
    redactUrl: (url, carried) => {
      const e = engine();
      return brand(e.url(url, e.echoes(carried)));
    },
    carriedBy: (request) => engine().carriedBy(request),
    classOf: (name) => engine().classOf(name),
    extend: (more) => (more === undefined || ((more.fields?.length ?? 0) + (more.headers?.length ?? 0) + (more.patterns?.length ?? 0) === 0) ? policy : buildPolicy({ fields: [...merged.fields, ...(more.fields ?? [])], headers: [...merged.headers, ...(more.headers ?? [])], patterns: [...merged.patterns, ...(more.patterns ?? [])] })),
  };
  return policy;
}
