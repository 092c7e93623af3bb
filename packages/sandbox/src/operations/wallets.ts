// Wallets: create, list, deposit addresses.
import { sandboxAddress } from '../addresses.ts';
import { invalidInput } from '../errors.ts';
import { successEnvelope } from '../../../sdk/src/envelope/index.ts';
import type { WalletRecord } from '../state.ts';
import { after } from '../store/store.ts';
import { requiredQuery, shown, type Handlers, type OperationContext } from './context.ts';

export function walletOperations(context: OperationContext): Handlers<'createWallet' | 'listWallets' | 'getDepositAddress'> {
  const { catalog, runtime } = context;
  return {
    createWallet: (request) => {
      const { token, name } = request.body;
      const asset = catalog.assetForToken(token);
      if (!asset) throw invalidInput(`token ${shown(token)} is not a supported asset; discover assets through GET /api/v1/utils/rates`);
      return after(runtime.newId(), (_id) => {
        const wallet: WalletRecord = {
          _id,
          token,
          ...(name === undefined ? {} : { name }),
          address: sandboxAddress(asset.chainType, _id),
          chainType: asset.chainType,
          status: 'active',
          subscribedChains: asset.networks.map((n) => n.reference),
          usage: 'crypto_to_cash',
          provider: 'sandbox',
        };
        return after(context.store.addWallet(request.apiKey, wallet), () => successEnvelope('Wallet created', { _id, token, status: wallet.status }));
      });
    },

    listWallets: (request) =>
      after(context.store.listWallets(request.apiKey), (wallets) =>
        successEnvelope(
          'Wallets retrieved',
          wallets.map(({ _id, address, chainType, status, subscribedChains, usage, provider }) => ({ _id, address, chainType, status, subscribedChains, usage, provider })),
        ),
      ),

    // The response shape is not published; the sandbox answers coin, chain and address,
    // one stable address per coin and chain for each caller.
    getDepositAddress: (request) => {
      const { query } = request;
      const coin = requiredQuery(query, 'coin');
      const chain = requiredQuery(query, 'chain');
      const asset = catalog.asset(coin);
      if (!asset) throw invalidInput(`coin ${shown(coin)} is not supported; discover assets through GET /api/v1/utils/rates`);
      if (!catalog.network(asset, chain)) {
        throw invalidInput(`chain ${shown(chain)} is not a network of ${asset.code}; discover networks through GET /api/v1/utils/${asset.code}/networks`);
      }
      const address = context.store.depositAddress(request.apiKey, `${coin}/${chain}`, () => after(runtime.newId(), (id) => sandboxAddress(asset.chainType, id)));
      return after(address, (kept) => successEnvelope('Deposit address retrieved', { coin, chain, address: kept }));
    },
  };
}
