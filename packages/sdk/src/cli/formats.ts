// The string formats the command line checks before sending. Each gives the verdict of
// ajv-formats (version 3, full mode), which the sandbox and the contract tests validate
// with, so the command line refuses exactly what they refuse; the tests hold each to
// ajv-formats. A format not here is reported by unsupportedKeywords, never passed silently.

/** RFC 3339 full-date: YYYY-MM-DD, a real day of a real month (29 February in leap years only). */
function isFullDate(text: string): boolean {
  const match = /^(\d\d\d\d)-(\d\d)-(\d\d)$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/**
 * RFC 3339 full-time with its offset required: hh:mm:ss, optional fraction, then Z or ±hh:mm
 * (ajv-formats also takes ±hh and ±hhmm). Second 60 only as a leap second, at 23:59 UTC.
 */
function isFullTime(text: string): boolean {
  const match = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)$/i.exec(text);
  if (!match) return false;
  const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const sign = match[5] === '-' ? -1 : 1;
  const [offsetHours, offsetMinutes] = [Number(match[6] ?? 0), Number(match[7] ?? 0)];
  if (offsetHours > 23 || offsetMinutes > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  // A leap second: 23:59:60 in UTC, wherever the offset puts it locally.
  const utcMinute = minute - offsetMinutes * sign;
  const utcHour = hour - offsetHours * sign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

/** RFC 3339 date-time: full-date, "T" (or "t" or a space, as ajv-formats reads it), full-time. */
export function isDateTime(text: string): boolean {
  const parts = text.split(/t|\s/i);
  return parts.length === 2 && isFullDate(parts[0]!) && isFullTime(parts[1]!);
}

export type StringFormat = { check: (text: string) => boolean; example: string };

/** Format name → its check and the example a refusal shows. */
export const stringFormats: ReadonlyMap<string, StringFormat> = new Map([['date-time', { check: isDateTime, example: '2024-05-01T12:00:00Z' }]]);
