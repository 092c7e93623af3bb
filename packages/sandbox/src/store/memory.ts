// The in-memory store: the default. One TenantState per API key, gone when the process
// stops. Every method does its whole work and answers synchronously (store.ts: Awaitable),
// so a change cannot interleave with another request's (JavaScript runs one callback at a
// time): the check and the set of a confirm or cancel are one step. The scenarios and the replay guard
// are also reachable synchronously (book, clearNow), for the in-process handlers and
// startSandbox().scenarios, which have always answered at once.
import { ScenarioBook } from '../behaviour/scenarios/book.ts';
import { ReplayGuard } from '../replays.ts';
import { TenantState, type SwapRecord, type SwapState, type TransactionRecord, type WalletRecord } from '../state.ts';
import { after, type Awaitable, type Changed, type SandboxStore, type ScenarioStore } from './store.ts';

/** The book's synchronous methods behind the store interface. */
class MemoryScenarios implements ScenarioStore {
  constructor(readonly book: ScenarioBook) {}
  mayBeArmed(apiKey: string) {
    return this.book.armedFor(apiKey) !== undefined;
  }
  arm = (apiKey: string, definition: Parameters<ScenarioBook['arm']>[1]) => this.book.arm(apiKey, definition);
  list = (apiKey: string) => this.book.list(apiKey);
  disarm = (apiKey: string, id: string) => this.book.disarm(apiKey, id);
  clear = (apiKey: string) => this.book.clear(apiKey);
  clearAll = () => this.book.clearAll();
  answerFor = (apiKey: string, operationId: string, body: unknown) => this.book.answerFor(apiKey, operationId, body);
}

export class MemoryStore implements SandboxStore {
  readonly kind = 'memory';
  private readonly tenants = new Map<string, TenantState>();
  private readonly counters = new Map<string, number>();
  // Entries carry their own expiry; the sweep runs at most once a second.
  private readonly replays = new ReplayGuard({ windowMs: 4000, sweepIntervalMs: 1000 });
  /** The failure scenarios, synchronously (startSandbox().scenarios, the in-process handlers). */
  readonly book = new ScenarioBook();
  readonly scenarios = new MemoryScenarios(this.book);

  /** The partition of an API key, created on first use. */
  private tenant(apiKey: string): TenantState {
    let state = this.tenants.get(apiKey);
    if (!state) {
      state = new TenantState();
      this.tenants.set(apiKey, state);
    }
    return state;
  }

  addWallet(apiKey: string, wallet: WalletRecord) {
    this.tenant(apiKey).wallets.push(wallet);
  }
  listWallets(apiKey: string) {
    return this.tenants.get(apiKey)?.wallets ?? [];
  }
  depositAddress(apiKey: string, key: string, make: () => Awaitable<string>): Awaitable<string> {
    const known = this.tenant(apiKey).depositAddresses.get(key);
    if (known !== undefined) return known;
    return after(make(), (made) => {
      // Another call of the same key may have made one meanwhile: the first kept wins.
      const addresses = this.tenant(apiKey).depositAddresses;
      const kept = addresses.get(key);
      if (kept !== undefined) return kept;
      addresses.set(key, made);
      return made;
    });
  }

  addTransaction(apiKey: string, transaction: TransactionRecord) {
    this.tenant(apiKey).transactions.set(transaction._id, transaction);
  }
  getTransaction(apiKey: string, id: string) {
    return this.tenants.get(apiKey)?.transactions.get(id);
  }
  pageTransactions(apiKey: string, offset: number, limit: number) {
    const all = [...(this.tenants.get(apiKey)?.transactions.values() ?? [])];
    const total = all.length;
    // Newest first: the map holds creation order, so the page is read from its end.
    const end = total - offset;
    return { total, data: end > 0 ? all.slice(Math.max(0, end - limit), end).reverse() : [] };
  }
  listTransactions(apiKey: string) {
    return [...(this.tenants.get(apiKey)?.transactions.values() ?? [])];
  }
  settleTransaction(apiKey: string, id: string, outcome: 'completed' | 'failed', updatedAt: string): Changed<TransactionRecord> {
    const transaction = this.tenants.get(apiKey)?.transactions.get(id);
    if (!transaction || transaction.status !== 'pending') return { changed: false, record: transaction };
    transaction.status = outcome;
    transaction.payoutStatus = outcome;
    transaction.updatedAt = updatedAt;
    return { changed: true, record: transaction };
  }

  addSwap(apiKey: string, swap: SwapRecord) {
    this.tenant(apiKey).swaps.set(swap.id, swap);
  }
  getSwap(apiKey: string, id: string) {
    return this.tenants.get(apiKey)?.swaps.get(id);
  }
  listSwaps(apiKey: string) {
    return [...(this.tenants.get(apiKey)?.swaps.values() ?? [])];
  }
  moveSwap(apiKey: string, id: string, next: SwapState, updatedAt: string): Changed<SwapRecord> {
    const swap = this.tenants.get(apiKey)?.swaps.get(id);
    if (!swap || swap.status !== 'pending') return { changed: false, record: swap };
    swap.status = next;
    swap.updatedAt = updatedAt;
    return { changed: true, record: swap };
  }

  claimRequest(apiKey: string, timestamp: string, signature: string, expiresAt: number) {
    return this.replays.claimUntil(apiKey, timestamp, signature, expiresAt);
  }

  /** Synchronous, for the runtime's deterministic ids (a counter in memory needs no wait). */
  nextCountNow(name: string): number {
    const next = (this.counters.get(name) ?? 0) + 1;
    this.counters.set(name, next);
    return next;
  }
  nextCount(name: string) {
    return this.nextCountNow(name);
  }

  reset(apiKey: string) {
    this.tenants.delete(apiKey);
    this.book.clear(apiKey);
  }
  /** clear(), synchronously: the in-process handlers' reset() has always returned at once. */
  clearNow(): void {
    this.tenants.clear();
    this.counters.clear();
    this.book.clearAll();
  }
  clear() {
    this.clearNow();
  }
  ready() {
    return true;
  }
  close() {}
}
