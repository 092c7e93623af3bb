// The variants `npm run bench:client` compares (bench-client-round.ts says what each does),
// in the order it prints them, and the floor every other one is compared with.
import type { Signer } from '../src/signing/index.ts';

export const variantNames = ['raw fetch', 'raw fetch+timeout', 'raw fetch+signing', 'openapi-fetch', 'clone-and-read', 'client (signed)', 'client + no-op mw'] as const;
export type VariantName = (typeof variantNames)[number];
/** raw fetch with the client's signing and timeout: the least any signing client does per call. */
export const floor = 'raw fetch+signing' satisfies VariantName;

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
