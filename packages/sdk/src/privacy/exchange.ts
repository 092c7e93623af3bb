// One request and its answer as a recorder saw them, before redaction: what the policy
// redacts (policy.ts) and the recorders write once redacted (packages/sdk/src/traffic). Headers are kept
// as a list in the order sent, so a header given twice is recorded twice.

export type HeaderPairs = [name: string, value: string][];

export type RecordedExchange = {
  startedAt: Date;
  durationMs: number;
  request: { method: string; url: string; headers: HeaderPairs; body?: string };
  response: { status: number; statusText?: string; headers: HeaderPairs; body: string };
  /** The spec operation exercised, when known. */
  operationId?: string;
  /**
   * Headers the recorder's caller added to the request itself (the signing headers): their
   * values are redacted, except the ones kept on purpose (see policy.ts).
   */
  addedHeaders?: readonly string[];
  /** What deliberately wrong request this is, when a probe sent it (written as the entry's `_probe`). */
  probe?: string;
};

/** Header pairs from a plain object (Dredd, node:http) or a Headers instance (fetch). */
export function headerPairs(headers: Headers | Record<string, string | string[] | number | undefined>): HeaderPairs {
  const pairs: HeaderPairs = [];
  if (headers instanceof Headers) {
    headers.forEach((value, name) => pairs.push([name, value]));
    return pairs;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) pairs.push([name, String(one)]);
  }
  return pairs;
}
