// The floor of `npm run bench:client`, one function for the round trips (round.ts) and the
// in-process timing (in-process-timing.ts), so both compare the client with the same code.
import type { Signer } from '../../../packages/sdk/src/signing/index.ts';

type FloorSetup = {
  baseUrl: string;
  apiKey: string;
  sign: Signer;
  /** The signing module's own, from the built package like the client's. */
  formatTimestamp: (date: Date) => string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
};

/** The floor: raw fetch with a fresh timestamp, the signature and a timeout, then response.json(). */
export function signedFetcher({ baseUrl, apiKey, sign, formatTimestamp, fetch }: FloorSetup) {
  return async function signedFetch(method: string, pathWithQuery: string, body: string | undefined): Promise<unknown> {
    const timestamp = formatTimestamp(new Date());
    const signature = await sign({ method, pathWithQuery, body: body ?? '', timestamp, apiKey });
    const headers: Record<string, string> = { 'x-api-key': apiKey, 'x-timestamp': timestamp, 'x-signature': signature };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    try {
      const response = await fetch(`${baseUrl}${pathWithQuery}`, { method, headers, body, signal: controller.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return await response.json();
    } finally {
      clearTimeout(timer);
    }
  };
}
