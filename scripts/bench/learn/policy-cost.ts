// The privacy policy's cost per exchange, on the exchanges the bench recorded: each entry of
// the HAR read back as an exchange (request URL, headers and body; answer headers and body)
// and put through `defaultPolicy.redactExchange`, what every recorder does before it writes
// an entry. The recorded entries were redacted once already; the policy does the same work
// on them (parse, walk, match), so the figure is the cost a recording pays.
import { readFileSync } from 'node:fs';
import { defaultPolicy } from '../../../src/privacy/index.ts';
import type { RecordedExchange } from '../../../src/traffic/exchange.ts';
import type { Har } from '../../../src/traffic/har.ts';

export type PolicyCost = { exchanges: number; microsPerExchange: number; carried: number };

export function policyCost(file: string, rounds = 3): PolicyCost {
  const har = JSON.parse(readFileSync(file, 'utf8')) as Har;
  const exchanges: RecordedExchange[] = har.log.entries.map((entry) => ({
    startedAt: new Date(entry.startedDateTime),
    durationMs: entry.time,
    request: { method: entry.request.method, url: entry.request.url, headers: entry.request.headers.map(({ name, value }) => [name, value]), ...(entry.request.postData ? { body: entry.request.postData.text } : {}) },
    response: { status: entry.response.status, headers: entry.response.headers.map(({ name, value }) => [name, value]), body: entry.response.content.text ?? '' },
    addedHeaders: ['x-api-key', 'x-timestamp', 'x-signature'],
  }));
  // The first round compiles the policy and warms the code; the best of the others is reported.
  let best = Infinity;
  let carried = 0;
  for (let round = 0; round <= rounds; round++) {
    const started = performance.now();
    for (const exchange of exchanges) defaultPolicy.redactExchange(exchange);
    const elapsed = performance.now() - started;
    if (round > 0) best = Math.min(best, elapsed);
  }
  for (const exchange of exchanges) carried += defaultPolicy.carriedBy({ url: exchange.request.url, body: exchange.request.body }).length;
  return { exchanges: exchanges.length, microsPerExchange: (best * 1000) / exchanges.length, carried };
}

export const policyCostLine = (cost: PolicyCost) =>
  `privacy policy: ${cost.microsPerExchange.toFixed(1)} µs per exchange (redactExchange on the ${cost.exchanges.toLocaleString('en-US')} recorded exchanges, best of 3 warm rounds; ${cost.carried.toLocaleString('en-US')} values carried in protected fields)`;
