// The records the sandbox keeps, one partition per API key (tenant): the spec's types
// (generated from the bundle, never restated) plus what the sandbox keeps beside them.
// Where they are kept is the store's business (store/store.ts): in memory, a TenantState
// per API key; in PostgreSQL, rows keyed by the API key's digest.
import type { components } from '../../../generated/schema.d.ts';

type Schemas = components['schemas'];

/** A wallet as listed, with the token and name it was created with. */
export type WalletRecord = Schemas['Wallet'] & Pick<Schemas['CreatedWallet'], 'token'> & Pick<Schemas['CreateWalletRequest'], 'name'>;

/** A transaction as the spec describes it. */
export type TransactionRecord = Schemas['Transaction'];

/** The swap states the sandbox moves through (the spec publishes no list). */
export type SwapState = 'pending' | 'confirmed' | 'cancelled';

/** A swap as created, with the amount it was created for and when it last changed. */
export type SwapRecord = Schemas['Swap'] &
  Pick<Schemas['CreateSwapRequest'], 'amount'> & { status: SwapState; createdAt: string; updatedAt: string };

export class TenantState {
  readonly wallets: WalletRecord[] = [];
  /** Insertion order is creation order; the list reads it backwards (newest first). */
  readonly transactions = new Map<string, TransactionRecord>();
  readonly swaps = new Map<string, SwapRecord>();
  /** One stable deposit address per coin and chain. */
  readonly depositAddresses = new Map<string, string>();
}
