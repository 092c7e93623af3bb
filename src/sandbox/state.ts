// The sandbox's state: in memory only, one partition per API key (tenant), gone when the
// process stops. Nothing is shared between tenants, so isolation is by construction:
// every lookup starts from the caller's own partition.
import type { components } from '../../generated/schema.d.ts';

export type WalletRecord = {
  _id: string;
  token: string;
  name?: string;
  address: string;
  chainType: string;
  status: 'active';
  subscribedChains: string[];
  usage: string;
  provider: string;
};

/** A transaction as the spec describes it (generated from the bundle, never restated). */
export type TransactionRecord = components['schemas']['Transaction'];

export type SwapState = 'pending' | 'confirmed' | 'cancelled';

export type SwapRecord = {
  id: string;
  from: string;
  to: string;
  amount: number;
  status: SwapState;
  createdAt: string;
  updatedAt: string;
};

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

  /** The partition of an API key, created on first use. */
  tenant(apiKey: string): TenantState {
    let state = this.tenants.get(apiKey);
    if (!state) {
      state = new TenantState();
      this.tenants.set(apiKey, state);
    }
    return state;
  }

  /** Forgets everything an API key created. */
  reset(apiKey: string): void {
    this.tenants.delete(apiKey);
  }
}
