// The client puts the API key and the signature into headers. A value the HTTP layer
// would refuse (it throws a TypeError quoting the value) or silently trim must be caught
// before it gets there, so the error can say what is wrong without repeating the secret.

/**
 * RFC 9110 field-value: visible ASCII or Latin-1 characters, with spaces or tabs only
 * between them. No line breaks, NUL or other control characters, and no leading or
 * trailing whitespace (fetch would trim it, so the value sent would differ from the one signed).
 */
const fieldValue = /^[\x21-\x7e\x80-\xff](?:[\t\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?$/;

export function isHeaderValue(value: string): boolean {
  return fieldValue.test(value);
}

/** Says what a valid value looks like, without quoting the one refused. */
export const headerValueRule =
  'visible ASCII or Latin-1 characters with spaces or tabs only between them: no line breaks, NUL or other control characters, no leading or trailing whitespace';
