// How a personal identifier is masked: its shape and nothing else. Dependency-free.

/**
 * An identifier's value with its shape and nothing else: every letter becomes x (X when
 * upper case), every digit 0, other characters stay. A number stays a number with as many
 * digits: its digits become 0 except the first, which becomes 1, and the last decimal,
 * which becomes 1 (otherwise JSON would print 0000 as 0 and 12.30 as 12.3). Objects and
 * arrays keep their shape with every string and number inside masked; booleans and null
 * stay as they are.
 */
export function maskIdentifier(value: unknown): unknown {
  if (typeof value === 'string') return maskString(value);
  if (typeof value === 'number') return maskNumber(value);
  if (Array.isArray(value)) return value.map(maskIdentifier);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskIdentifier(v)]));
  return value;
}

export const maskString = (value: string): string => value.replace(/\p{L}|\p{Nd}/gu, (c) => (/\p{Nd}/u.test(c) ? '0' : /\p{Lu}/u.test(c) ? 'X' : 'x'));

export function maskNumber(value: number): number {
  if (!Number.isFinite(value)) return value;
  const [mantissa, exponent] = String(Math.abs(value)).split('e') as [string, string | undefined];
  const [whole, fraction] = mantissa.split('.') as [string, string | undefined];
  const maskedWhole = whole.length > 1 || !fraction ? `1${'0'.repeat(whole.length - 1)}` : '0';
  const maskedFraction = fraction ? `.${'0'.repeat(fraction.length - 1)}1` : '';
  return Number(`${value < 0 ? '-' : ''}${maskedWhole}${maskedFraction}${exponent ? `e${exponent}` : ''}`);
}
