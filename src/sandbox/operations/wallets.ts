// Wallets: create, list, deposit addresses.
import { sandboxAddress } from '../addresses.ts';
import { invalidInput } from '../errors.ts';
import { successEnvelope } from '../../envelope/index.ts';
import type { WalletRecord } from '../state.ts';
import { requiredQuery, shown, type Handlers, type OperationContext } from './context.ts';

export function walletOperations(context: OperationContext): Handlers<'createWallet' | 'listWallets' | 'getDepositAddress'> {
  const { catalog, runtime } = context;
  return {
    createWallet: async (request) => {
      const { token, name } = request.body;
      const asset = catalog.assetForToken(token);
      if (!asset) throw invalidInput(`token ${shown(token)} is not a supported asset; discover assets through GET /api/v1/utils/rates`);
      const _id = await runtime.newId();
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
      await context.store.addWallet(request.apiKey, wallet);
      return successEnvelope('Wallet created', { _id, token, status: wallet.status });
    },

    listWallets: async (request) =>
      successEnvelope(
        'Wallets retrieved',
        (await context.store.listWallets(request.apiKey)).map(({ _id, address, chainType, status, subscribedChains, usage, provider }) => ({
          _id,
          address,
          chainType,
          status,
          subscribedChains,
          usage,
          provider,
        })),
      ),

    // The response shape is not published; the sandbox answers coin, chain and address,
    // one stable address per coin and chain for each caller.
    getDepositAddress: async (request) => {
      const { query } = request;
      const coin = requiredQuery(query, 'coin');
      const chain = requiredQuery(query, 'chain');
      const asset = catalog.asset(coin);
      if (!asset) throw invalidInput(`coin ${shown(coin)} is not supported; discover assets through GET /api/v1/utils/rates`);
      if (!catalog.network(asset, chain)) {
        throw invalidInput(`chain ${shown(chain)} is not a network of ${asset.code}; discover networks through GET /api/v1/utils/${asset.code}/networks`);
      }
      const address = await context.store.depositAddress(request.apiKey, `${coin}/${chain}`, async () => sandboxAddress(asset.chainType, await runtime.newId()));
      return successEnvelope('Deposit address retrieved', { coin, chain, address });
    },
  };
}
