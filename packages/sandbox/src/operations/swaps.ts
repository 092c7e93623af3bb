// Swaps: quote from the market tickers, create (pending), confirm or cancel (only from
// pending). The check-and-set of a state change is one step of the store (moveSwap), so
// it cannot interleave with another request's, on this replica or another: of a
// concurrent confirm and cancel exactly one wins, the other is told the swap is no longer pending.
import type { OperationContext } from './context.ts';
import { conflict, invalidInput, notFound } from '../errors.ts';
import { successEnvelope } from '../../../sdk/src/envelope/index.ts';
import { quoteSwap } from '../pricing.ts';
import type { SwapRecord, SwapState } from '../state.ts';
import { after, type Awaitable } from '../store/store.ts';
import { requiredQuery, shown, type Handlers, type OperationRequest, type SuccessOf } from './context.ts';

type SwapOperation = 'getSwapQuote' | 'getSwapMarket' | 'createSwap' | 'confirmSwap' | 'cancelSwap';

export function swapOperations(context: OperationContext): Handlers<SwapOperation> {
  const { catalog, runtime } = context;

  const price = (from: string, to: string, amount: number) => {
    for (const [name, code] of [['from', from], ['to', to]] as const) {
      if (!catalog.asset(code)) throw invalidInput(`${name} ${shown(code)} is not a supported asset; discover assets through GET /api/v1/utils/rates`);
    }
    if (from === to) throw invalidInput('from and to must be different assets');
    const pair = catalog.marketFor(from, to);
    if (!pair) throw invalidInput(`No market prices ${from} to ${to}; discover markets through GET /api/v1/wallets/markets`);
    const quote = quoteSwap(amount, pair, catalog.data.swapFeeRate);
    if (!quote) throw invalidInput(`amount ${amount} is too small or too large to quote`);
    return quote;
  };

  const move = (request: OperationRequest<'confirmSwap' | 'cancelSwap'>, next: SwapState, verb: string, message: string): Awaitable<SuccessOf<'confirmSwap' | 'cancelSwap'>> => {
    const { id } = request.params;
    return after(context.store.moveSwap(request.apiKey, id, next, runtime.now().toISOString()), ({ changed, record: swap }) => {
      if (!swap) throw notFound(`No swap ${shown(id)}`);
      if (!changed) throw conflict(`Swap ${id} is ${swap.status}; only a pending swap can be ${verb}`);
      return successEnvelope(message, { id: swap.id, status: swap.status });
    });
  };

  return {
    getSwapQuote: (request) => {
      const { query } = request;
      const from = requiredQuery(query, 'from');
      const to = requiredQuery(query, 'to');
      const amount = requiredQuery(query, 'amount');
      return successEnvelope('Quote retrieved', price(from, to, amount));
    },

    // The swap market shape is not published; the sandbox lists the pairs it can swap.
    getSwapMarket: () => successEnvelope('Swap market retrieved', { pairs: catalog.swapPairs() }),

    createSwap: (request) => {
      const { from, to, amount } = request.body;
      price(from, to, amount);
      const now = runtime.now().toISOString();
      return after(runtime.newId(), (id) => {
        const swap: SwapRecord = { id, from, to, amount, status: 'pending', createdAt: now, updatedAt: now };
        return after(context.store.addSwap(request.apiKey, swap), () => successEnvelope('Swap created', { id: swap.id, from, to, status: swap.status }));
      });
    },

    confirmSwap: (request) => move(request, 'confirmed', 'confirmed', 'Swap confirmed'),
    cancelSwap: (request) => move(request, 'cancelled', 'cancelled', 'Swap cancelled'),
  };
}
