// The privacy policy's cost per exchange, on the exchanges the bench recorded, as the recording
// fetch handed them to the writer (before redaction): each put through
// `defaultPolicy.redactExchange`, what every recorder does before it writes an entry. At most
// the first 10,000 of the recording are timed: the cost per exchange is what is printed.
import { defaultPolicy } from '../../../packages/sdk/src/privacy/index.ts';
import type { RecordedExchange } from '../../../packages/sdk/src/privacy/exchange.ts';

export type PolicyCost = { exchanges: number; microsPerExchange: number; carried: number };

export function policyCost(exchanges: readonly RecordedExchange[], rounds = 3): PolicyCost {
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
