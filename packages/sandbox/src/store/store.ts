// The one store interface: every piece of the sandbox's state goes through it (records of
// each API key, failure scenarios and their counts, replay-guard entries, the deterministic
// counters, a provider profile's rotation). Two implementations: in memory (memory.ts, the
// default: nothing to install, gone when the process stops) and PostgreSQL (postgres.ts:
// shared by replicas, kept across restarts).
//
// Every method may answer asynchronously (Awaitable): callers treat each answer as a
// promise (`await`, or `after` on the hot paths). PostgreSQL always answers with a promise;
// the in-memory store answers at once, so a request served from memory costs no promise and
// no extra turn of the event loop, as before the store existed. Every state change is one
// step of the store (one conditional statement or one transaction in PostgreSQL, one
// synchronous run in memory), so two callers (or two replicas) never interleave inside a
// change: of a concurrent confirm and cancel of one swap exactly one wins.
import type { ScenarioDefinition } from '../behaviour/scenarios/definition.ts';
import type { ArmedScenario, ScenarioView } from '../behaviour/scenarios/book.ts';
import type { SwapRecord, SwapState, TransactionRecord, WalletRecord } from '../state.ts';

/** An answer now, or a promise of it. */
export type Awaitable<T> = T | Promise<T>;

/** Applies `then` to an answer: at once when it is there, once it resolves when it is a promise. */
export function after<T, R>(value: Awaitable<T>, then: (value: T) => Awaitable<R>): Awaitable<R> {
  return value instanceof Promise ? value.then(then) : then(value);
}

/** A state change refused because the record is not in the state it requires: the record as it is, or undefined when there is none. */
export type Changed<T> = { changed: true; record: T } | { changed: false; record: T | undefined };

/** The failure scenarios each API key armed, and which of them answers a call. */
export interface ScenarioStore {
  /**
   * False only when the API key certainly has no scenario armed: the one check every call
   * pays, synchronous so that a call without scenarios costs no promise. A store that cannot
   * know without asking (PostgreSQL: another replica may have armed one) answers true.
   */
  mayBeArmed(apiKey: string): boolean;
  /** Arms a (checked) definition; throws ScenarioLimitError past the limit. */
  arm(apiKey: string, definition: ScenarioDefinition): Awaitable<ScenarioView>;
  list(apiKey: string): Awaitable<ScenarioView[]>;
  /** False when the API key has no scenario of that id. */
  disarm(apiKey: string, id: string): Awaitable<boolean>;
  /** Disarms every scenario of an API key; their ids start again from 1. */
  clear(apiKey: string): Awaitable<void>;
  clearAll(): Awaitable<void>;
  /** Counts the call on every scenario that picks it and returns the one that answers it, if any: one atomic step. */
  answerFor(apiKey: string, operationId: string, body: unknown): Awaitable<ArmedScenario | undefined>;
}

export interface SandboxStore {
  /** 'memory' or 'postgres', for the start banner and the health answer. */
  readonly kind: 'memory' | 'postgres';
  readonly scenarios: ScenarioStore;

  addWallet(apiKey: string, wallet: WalletRecord): Awaitable<void>;
  /** Oldest first. */
  listWallets(apiKey: string): Awaitable<WalletRecord[]>;
  /** The address kept for `key` (coin/chain), or the one `make` gives, kept from now on; concurrent first calls agree on one. */
  depositAddress(apiKey: string, key: string, make: () => Awaitable<string>): Awaitable<string>;

  addTransaction(apiKey: string, transaction: TransactionRecord): Awaitable<void>;
  getTransaction(apiKey: string, id: string): Awaitable<TransactionRecord | undefined>;
  /** A page of the history, newest first, and how many there are in all. */
  pageTransactions(apiKey: string, offset: number, limit: number): Awaitable<{ total: number; data: TransactionRecord[] }>;
  /** Every transaction, oldest first. */
  listTransactions(apiKey: string): Awaitable<TransactionRecord[]>;
  /** Moves a pending transaction to its outcome (status and payoutStatus). */
  settleTransaction(apiKey: string, id: string, outcome: 'completed' | 'failed', updatedAt: string): Awaitable<Changed<TransactionRecord>>;

  addSwap(apiKey: string, swap: SwapRecord): Awaitable<void>;
  getSwap(apiKey: string, id: string): Awaitable<SwapRecord | undefined>;
  /** Oldest first. */
  listSwaps(apiKey: string): Awaitable<SwapRecord[]>;
  /** Moves a pending swap to `next`; refused (changed: false) when it is not pending. */
  moveSwap(apiKey: string, id: string, next: SwapState, updatedAt: string): Awaitable<Changed<SwapRecord>>;

  /**
   * Records a signed request (its API key, timestamp and signature) until `expiresAt`
   * (epoch ms); false when the same one is recorded and not expired: a replay.
   */
  claimRequest(apiKey: string, timestamp: string, signature: string, expiresAt: number): Awaitable<boolean>;

  /** The next value (1, 2, …) of a named counter: deterministic ids, a profile's rotation. */
  nextCount(name: string): Awaitable<number>;

  /** Forgets everything an API key created and the scenarios it armed. */
  reset(apiKey: string): Awaitable<void>;
  /** Forgets every API key's records and scenarios, and the counters. */
  clear(): Awaitable<void>;
  /** Whether the store can serve now (readiness). */
  ready(): Awaitable<boolean>;
  close(): Awaitable<void>;
}
