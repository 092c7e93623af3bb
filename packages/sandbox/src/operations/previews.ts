// Withdrawal and payout previews. A preview is a pending transaction in the caller's
// history; the test helpers complete or fail it (the service's confirming endpoint is
// not published).
import type { AssetData } from '../data.ts';
import { invalidInput } from '../errors.ts';
import { successEnvelope } from '../../../sdk/src/envelope/index.ts';
import type { TransactionRecord } from '../state.ts';
import type { FastifyRequest } from 'fastify';
import { after } from '../store/store.ts';
import { requiredQuery, shown, type Handlers, type OperationContext } from './context.ts';

/** Chain recorded on bank payouts, which move on no blockchain. */
export const bankChain = 'bank';

function checkMinimum(asset: AssetData, amount: number): void {
  if (amount < asset.minimumWithdrawal) {
    throw invalidInput(`amount ${amount} is below the minimum withdrawal amount of ${asset.minimumWithdrawal} ${asset.code}`);
  }
}

export function previewOperations(context: OperationContext): Handlers<'getMinimumWithdrawalAmount' | 'previewWithdrawal' | 'previewLocalPayout'> {
  const { catalog, runtime } = context;

  const record = (request: Pick<FastifyRequest, 'apiKey'>, fields: Pick<TransactionRecord, 'amount' | 'fee' | 'coin' | 'chain' | 'type' | 'remark'>) =>
    after(runtime.newId(), (_id) =>
      after(runtime.newUid(), (uid) => {
        const now = runtime.now().toISOString();
        const transaction: TransactionRecord = {
          _id,
          uid,
          ...fields,
          amountToReceive: Math.max(0, fields.amount - fields.fee),
          currency: fields.coin.toUpperCase(),
          status: 'pending',
          payoutStatus: 'pending',
          rate: 1,
          createdAt: now,
          updatedAt: now,
        };
        return after(context.store.addTransaction(request.apiKey, transaction), () => transaction);
      }),
    );

  return {
    getMinimumWithdrawalAmount: (request) => {
      const coin = requiredQuery(request.query, 'coin');
      const asset = catalog.asset(coin);
      if (!asset) throw invalidInput(`coin ${shown(coin)} is not supported; discover assets through GET /api/v1/utils/rates`);
      return successEnvelope('Minimum withdrawal amount retrieved', { minimumAmount: asset.minimumWithdrawal });
    },

    previewWithdrawal: (request) => {
      const { chain, amount, coin, remark } = request.body;
      const asset = catalog.asset(coin);
      if (!asset) throw invalidInput(`coin ${shown(coin)} is not supported; discover assets through GET /api/v1/utils/rates`);
      if (!catalog.network(asset, chain)) {
        throw invalidInput(`chain ${shown(chain)} is not a network of ${asset.code}; discover networks through GET /api/v1/utils/${asset.code}/networks`);
      }
      checkMinimum(asset, amount);
      return after(record(request, { amount, fee: asset.withdrawalFee, coin, chain, type: 'CRYPTO_WITHDRAWAL', remark: remark ?? '' }), (t) =>
        successEnvelope('Withdrawal preview created', { transactionId: t._id, amount, fee: t.fee, coin, chain, status: t.status }),
      );
    },

    previewLocalPayout: (request) => {
      const { amount, coin, remark } = request.body;
      const asset = catalog.asset(coin);
      if (!asset?.localPayout) {
        const payable = catalog.assets.filter((a) => a.localPayout).map((a) => a.code);
        throw invalidInput(`coin ${shown(coin)} cannot be paid out to a bank account; use ${payable.join(' or ')}`);
      }
      checkMinimum(asset, amount);
      return after(record(request, { amount, fee: asset.withdrawalFee, coin, chain: bankChain, type: 'LOCAL_PAYOUT', remark: remark ?? '' }), (t) =>
        successEnvelope('Payout preview created', { transactionId: t._id, amount, coin, fee: t.fee, status: t.status }),
      );
    },
  };
}
