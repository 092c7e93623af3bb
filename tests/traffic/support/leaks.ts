// Where a value would show in a recorded file: as written, base64-encoded (standard and
// URL-safe) and URL-encoded. A value shorter than six characters (a bank code) would also
// match pieces of ordinary text such as durations, so it is looked for only as a whole
// JSON string or query value.

export function formsOf(value: string): string[] {
  const base64 = Buffer.from(value).toString('base64');
  return [...new Set([value, base64.replace(/=+$/, ''), Buffer.from(value).toString('base64url'), encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)])];
}

/** Each value that appears in the text in any of its forms, with the form found. */
export function leaks(text: string, values: Iterable<string>): string[] {
  const found: string[] = [];
  for (const value of values) {
    if (value.length < 6) {
      const wholes = formsOf(value).flatMap((form) => [`"${form}"`, `=${form}&`, `=${form}"`]);
      for (const whole of wholes) if (text.includes(whole)) found.push(`${value} as ${whole}`);
      continue;
    }
    for (const form of formsOf(value)) if (text.includes(form)) found.push(form === value ? value : `${value} as ${form}`);
  }
  return found;
}

/**
 * Runs of 64 hex digits: the shape of the default signer's HMAC-SHA256 signature, for the
 * signatures a test cannot know (those the contract hooks make in Dredd's process).
 */
export function hexSignatureShapes(text: string): string[] {
  return text.match(/(?<![0-9A-Fa-f])[0-9A-Fa-f]{64}(?![0-9A-Fa-f])/g) ?? [];
}
