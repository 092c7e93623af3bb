// The sandbox's state: in memory only, one partition per API key (tenant), gone when the
// process stops. Nothing is shared between tenants, so isolation is by construction:
// every lookup starts from the caller's own partition.
// Records are the spec's types (generated from the bundle, never restated) plus what the
// sandbox keeps beside them.
import type { components } from '../../generated/schema.d.ts';
import { ScenarioBook } from './behaviour/scenarios/book.ts';

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

export class SandboxStore {
  private readonly tenants = new Map<string, TenantState>();
  /** The failure scenarios each API key armed (src/sandbox/behaviour/scenarios); reset with the records. */
  readonly scenarios = new ScenarioBook();

  /** The partition of an API key, created on first use. */
  tenant(apiKey: string): TenantState {
    let state = this.tenants.get(apiKey);
    if (!state) {
      state = new TenantState();
      this.tenants.set(apiKey, state);
    }
    return state;
  }

  /** Forgets everything an API key created, and the scenarios it armed. */
  reset(apiKey: string): void {
    this.tenants.delete(apiKey);
    this.scenarios.clear(apiKey);
  }

  /** Forgets everything every API key created and armed. */
  clear(): void {
    this.tenants.clear();
    this.scenarios.clearAll();
  }
}
