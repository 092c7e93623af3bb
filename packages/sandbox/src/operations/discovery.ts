// Discovery: markets with tickers, networks per coin, rates. All from the data file.
import { notFound } from '../errors.ts';
import { successEnvelope } from '../../../sdk/src/envelope/index.ts';
import { shown, type Handlers, type OperationContext, type SuccessOf } from './context.ts';

export function discoveryOperations({ catalog, runtime }: OperationContext): Handlers<'listMarkets' | 'listCoinNetworks' | 'getRates'> {
  let markets: { at: number; answer: SuccessOf<'listMarkets'> } | undefined;
  return {
    // The tickers change only with the clock's second (the data file is fixed), so the
    // answer is built once per second instead of on every request.
    listMarkets: () => {
      const at = Math.floor(runtime.now().getTime() / 1000);
      if (markets?.at !== at) {
        const tickers = Object.fromEntries(
          Object.entries(catalog.data.markets).map(([name, m]) => [name, { at, ticker: { buy: m.buy, sell: m.sell, last: m.last } }]),
        );
        markets = { at, answer: successEnvelope('Markets retrieved', tickers) };
      }
      return markets.answer;
    },

    listCoinNetworks: (request) => {
      const { coin } = request.params;
      const asset = catalog.asset(coin);
      if (!asset) throw notFound(`Coin ${shown(coin)} is not supported`);
      return successEnvelope(
        'Networks retrieved',
        asset.networks.map(({ reference, name }) => ({ reference, name })),
      );
    },

    // The rates shape is not published; the sandbox lists every supported asset with its
    // name and the last price of each market it is the base of.
    getRates: () => {
      const rates = Object.fromEntries(
        catalog.assets.map((asset) => [
          asset.code,
          {
            name: asset.name,
            last: Object.fromEntries(
              Object.values(catalog.data.markets)
                .filter((m) => m.base === asset.code)
                .map((m) => [m.quote, m.last]),
            ),
          },
        ]),
      );
      return successEnvelope('Rates retrieved', rates);
    },
  };
}
