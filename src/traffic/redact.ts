// What never reaches a HAR file. Applied to every exchange before its entry is built, so
// sizes and Content-Length are those of the redacted bodies (an original length would
// tell how long a password is). The rules:
// - secret headers: x-api-key, x-signature, authorization, cookie (and set-cookie in
//   answers), and every header the caller added to the request itself, become
//   "[redacted]". x-timestamp is kept although the signer adds it: it is not secret, and
//   a reader of the recording needs it to bracket the accepted timestamp window;
// - a value of a redacted request header, and of a request's `password` field, is also
//   replaced wherever the answer echoes it (its headers or its body), and so is a personal
//   identifier of the request (by its mask), as a provider's message may quote them;
// - a field or query parameter named `password`, at any depth of a JSON or form body,
//   becomes the string "[redacted]": neither its value, its length nor a digest is kept;
// - personal identifiers (accountNumber, bankCode, address, receiverAddress,
//   depositAddress, destination, destinationAddress, walletAddress, at any depth, in both
//   bodies and in the query string) keep their JSON type and length but not their value:
//   see maskIdentifier. So does any string that is shaped like a wallet address (0x and 40
//   hexadecimal digits, or a bech32 bc1/tb1 address) under whatever name: a provider may
//   send one under a name no rule lists (an unpublished shape's `destination`, say), and
//   also inside text that is not JSON (an HTML error page quoting the address);
// - a body that is neither JSON nor a form and names one of those fields is replaced as a
//   whole, because its values cannot be found reliably.
// Dependency-free: the SDK's command line ships it.
import type { HeaderPairs, RecordedExchange } from './exchange.ts';

export const redactedValue = '[redacted]';
export const unreadableBodyValue = '[redacted: a body that is neither JSON nor a form names a protected field]';

const secretHeaders = new Set(['x-api-key', 'x-signature', 'authorization', 'cookie', 'set-cookie', 'proxy-authorization']);
/** Added by the signer but not secret, and needed to read the recording (see above). */
const keptAddedHeaders = new Set(['x-timestamp']);
const passwordFields = new Set(['password']);
export const identifierFields = new Set(['accountNumber', 'bankCode', 'address', 'receiverAddress', 'depositAddress', 'destination', 'destinationAddress', 'walletAddress']);
/** Wallet addresses by their shape: an EVM address, a bech32 Bitcoin one. */
const addressPattern = '(?:0x[0-9a-fA-F]{40}|(?:bc1|tb1)[02-9ac-hj-np-z]{11,87})';
const addressShaped = new RegExp(`^${addressPattern}$`);
/** An address inside text, not part of a longer word. */
const addressInText = new RegExp(`(?<![0-9A-Za-z])${addressPattern}(?![0-9A-Za-z])`, 'g');
const protectedNames = [...passwordFields, ...identifierFields];

/**
 * An identifier's value with its shape and nothing else: every letter becomes x (X when
 * upper case), every digit 0, other characters stay. A number stays a number with as many
 * digits: its digits become 0 except the first, which becomes 1, and the last decimal,
 * which becomes 1 (otherwise JSON would print 0000 as 0 and 12.30 as 12.3). Objects and
 * arrays keep their shape with every string and number inside masked; booleans and null
 * stay as they are.
 */
export function maskIdentifier(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\p{L}|\p{Nd}/gu, (c) => (/\p{Nd}/u.test(c) ? '0' : /\p{Lu}/u.test(c) ? 'X' : 'x'));
  if (typeof value === 'number') return maskNumber(value);
  if (Array.isArray(value)) return value.map(maskIdentifier);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskIdentifier(v)]));
  return value;
}

function maskNumber(value: number): number {
  if (!Number.isFinite(value)) return value;
  const [mantissa, exponent] = String(Math.abs(value)).split('e') as [string, string | undefined];
  const [whole, fraction] = mantissa.split('.') as [string, string | undefined];
  const maskedWhole = whole.length > 1 || !fraction ? `1${'0'.repeat(whole.length - 1)}` : '0';
  const maskedFraction = fraction ? `.${'0'.repeat(fraction.length - 1)}1` : '';
  return Number(`${value < 0 ? '-' : ''}${maskedWhole}${maskedFraction}${exponent ? `e${exponent}` : ''}`);
}

/** A JSON value with protected fields, and strings shaped like wallet addresses, redacted at any depth. */
export function redactJsonValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJsonValue);
  if (typeof value === 'string' && addressShaped.test(value)) return maskIdentifier(value);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, redactField(key, field)]),
  );
}

/** The value of a field named `name`, redacted as the field and its contents require. */
export function redactField(name: string, value: unknown): unknown {
  return passwordFields.has(name) ? redactedValue : identifierFields.has(name) ? maskIdentifier(value) : redactJsonValue(value);
}

/** Form or query parameters with protected names redacted; the same text when none is there. */
export function redactParameters(text: string): string {
  const pairs = [...new URLSearchParams(text)];
  if (!pairs.some(([name, value]) => passwordFields.has(name) || identifierFields.has(name) || addressShaped.test(value))) return text;
  const redact = (name: string, value: string) => (passwordFields.has(name) ? redactedValue : identifierFields.has(name) || addressShaped.test(value) ? (maskIdentifier(value) as string) : value);
  return new URLSearchParams(pairs.map(([name, value]) => [name, redact(name, value)])).toString();
}

export function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.search === '') return url;
  const query = redactParameters(parsed.search.slice(1));
  if (query === parsed.search.slice(1)) return url;
  parsed.search = query;
  return parsed.href;
}

const isForm = (contentType: string | undefined) => /^application\/x-www-form-urlencoded\b/i.test(contentType ?? '');

/** A body with protected fields redacted: JSON first, then a form, else whole (see above). */
export function redactBody(text: string, contentType: string | undefined): string {
  if (text === '') return text;
  try {
    const parsed: unknown = JSON.parse(text);
    const redacted = redactJsonValue(parsed);
    return JSON.stringify(redacted) === JSON.stringify(parsed) ? text : JSON.stringify(redacted);
  } catch {
    /* not JSON */
  }
  if (isForm(contentType)) return redactParameters(text);
  if (protectedNames.some((name) => text.toLowerCase().includes(name.toLowerCase()))) return unreadableBodyValue;
  return text.replace(addressInText, (found) => maskIdentifier(found) as string);
}

/**
 * The values of a request body's protected fields, each with what replaces it where the
 * answer echoes it: [redacted] for a password, the mask for an identifier.
 */
function protectedValuesOf(body: string | undefined): [value: string, replacement: string][] {
  if (body === undefined || body === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [...new URLSearchParams(body)].flatMap(([name, value]): [string, string][] => (passwordFields.has(name) ? [[value, redactedValue]] : identifierFields.has(name) ? [[value, maskIdentifier(value) as string]] : []));
  }
  const found: [string, string][] = [];
  const visit = (value: unknown, name: string | undefined): void => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, name));
    if (value !== null && typeof value === 'object') return Object.entries(value).forEach(([key, member]) => visit(member, key));
    if (typeof value !== 'string' || name === undefined) return;
    if (passwordFields.has(name)) found.push([value, redactedValue]);
    else if (identifierFields.has(name)) found.push([value, maskIdentifier(value) as string]);
  };
  visit(parsed, undefined);
  return found;
}

const headerValue = (headers: HeaderPairs, name: string) => headers.find(([n]) => n.toLowerCase() === name)?.[1];

/** Secret headers redacted; returns the headers and the values removed. */
function redactHeaders(headers: HeaderPairs, added: Set<string>): { headers: HeaderPairs; removed: string[] } {
  const removed: string[] = [];
  const kept = headers.map(([name, value]): [string, string] => {
    const lower = name.toLowerCase();
    if (!secretHeaders.has(lower) && !(added.has(lower) && !keptAddedHeaders.has(lower))) return [name, value];
    if (value !== redactedValue) removed.push(value);
    return [name, redactedValue];
  });
  return { headers: kept, removed };
}

/**
 * Every occurrence of a removed value replaced (by [redacted], or its given replacement);
 * too short a value would mask pieces of ordinary text and is left to the field and header rules.
 */
function withoutEchoes(text: string, secrets: (string | [value: string, replacement: string])[]): string {
  let out = text;
  for (const secret of secrets) {
    const [value, replacement] = typeof secret === 'string' ? [secret, redactedValue] : secret;
    if (value.length >= 8) out = out.split(value).join(replacement);
  }
  return out;
}

/** Content-Length follows the body it describes, once that body was redacted. */
function withContentLength(headers: HeaderPairs, original: string | undefined, body: string | undefined): HeaderPairs {
  if (original === body) return headers;
  const length = String(new TextEncoder().encode(body ?? '').length);
  return headers.map(([name, value]) => (name.toLowerCase() === 'content-length' ? [name, length] : [name, value]));
}

export function redactExchange(exchange: RecordedExchange): RecordedExchange {
  const added = new Set((exchange.addedHeaders ?? []).map((name) => name.toLowerCase()));
  const request = redactHeaders(exchange.request.headers, added);
  const response = redactHeaders(exchange.response.headers, added);
  const secrets = [...request.removed].sort((a, b) => b.length - a.length);
  const requestBody = exchange.request.body === undefined ? undefined : withoutEchoes(redactBody(exchange.request.body, headerValue(request.headers, 'content-type')), secrets);
  // Longest first, so that a value inside another is not replaced before it.
  const echoed = [...secrets, ...protectedValuesOf(exchange.request.body)].sort((a, b) => (typeof b === 'string' ? b : b[0]).length - (typeof a === 'string' ? a : a[0]).length);
  const responseBody = withoutEchoes(redactBody(exchange.response.body, headerValue(response.headers, 'content-type')), echoed);
  const responseHeaders: HeaderPairs = response.headers.map(([name, value]) => [name, withoutEchoes(value, secrets)]);
  return {
    ...exchange,
    request: {
      ...exchange.request,
      url: withoutEchoes(redactUrl(exchange.request.url), secrets),
      headers: withContentLength(request.headers, exchange.request.body, requestBody),
      ...(requestBody === undefined ? {} : { body: requestBody }),
    },
    response: { ...exchange.response, headers: withContentLength(responseHeaders, exchange.response.body, responseBody), body: responseBody },
  };
}
