// The PostgreSQL store: the sandbox's state shared by every replica pointed at one database
// and kept across restarts. Through node-postgres (pg) with a bounded pool.
//
// Agreement between replicas comes from the database, never from a replica's memory: a
// state change is one conditional statement (UPDATE … WHERE status = 'pending' RETURNING)
// or one transaction, so of a confirm on one replica and a cancel on another exactly one
// wins; a scenario's counts change under a row lock, so `times: 1` answers exactly one call
// whichever replica gets it; the replay guard is one INSERT … ON CONFLICT; ids are random
// (96 bits) or drawn from shared counters. Nothing is cached between calls.
//
// When the database cannot be reached every method throws StoreUnavailableError (the call
// answers 503) and the pool keeps trying on the next call, so the sandbox recovers by itself
// when the database is back; a transaction that did not commit left nothing behind.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { defaultPolicy, redactedValue } from '../../../sdk/src/privacy/index.ts';
import { countCall, scenarioLimitMessage, scenarioView, ScenarioLimitError, type ArmedScenario, type ScenarioView } from '../behaviour/scenarios/book.ts';
import { scenarioLimit, type ScenarioDefinition } from '../behaviour/scenarios/definition.ts';
import type { SwapRecord, SwapState, TransactionRecord, WalletRecord } from '../state.ts';
import { describeDatabase } from './database-url.ts';
import { latestSchemaVersion, migrations } from './migrations.ts';
import type { Changed, SandboxStore, ScenarioStore } from './store.ts';
import { isUnreachable, StoreUnavailableError } from './unavailable.ts';

export type PostgresStoreOptions = {
  /** postgres://user:password@host:port/database (any libpq-style URL pg accepts). */
  url: string;
  /** Most connections this replica opens (default 10): the pool waits rather than open more. */
  poolSize?: number;
  /** Records older than this many days are purged, at start and every hour (default: kept). */
  retentionDays?: number;
};

/** The advisory lock the migrations (and the scenarios armed at start) run under: one replica at a time. */
const startLockKey = 0x5a4e_d80c;

/** The database's refusals a sandbox meets at start, in the sandbox's own words (the server's may quote what it refused). */
const knownReasons: Record<string, string> = {
  ECONNREFUSED: 'nothing is listening there',
  ENOTFOUND: 'the host name does not resolve',
  ETIMEDOUT: 'the connection timed out',
  '28P01': 'the database refused the credentials',
  '28000': 'the database refused the credentials',
  '3D000': 'the database does not exist',
  '57P03': 'the database is starting up or shutting down',
};

/**
 * Why a connection failed, in words that carry no secret: the error's code with the
 * sandbox's words for it, or its message through the privacy policy with the URL's password
 * as a carried value.
 */
function reasonOf(error: unknown, url: string): string {
  const { code, message } = error as { code?: string; message?: string };
  if (code && knownReasons[code]) return `${code}: ${knownReasons[code]}`;
  const text = `${code ? `${code}: ` : ''}${message ?? String(error)}`;
  let password = '';
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    // Not a URL: no password to take out.
  }
  // The client's messages do not carry the password; should one ever echo the URL, the policy masks it and so does this.
  const masked = defaultPolicy.redactText(text, password ? [password] : []);
  return password ? masked.split(password).join(redactedValue) : masked;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** What a statement returns, in the store's own words (its declarations name no type of the client). */
type Rows<Row> = { rows: Row[]; rowCount: number | null };
/** A connection statements run on: the pool, or one client inside a transaction. */
type Queryable = { query<Row extends object = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Rows<Row>> };

export class PostgresStore implements SandboxStore {
  readonly kind = 'postgres';
  readonly scenarios: ScenarioStore;
  private readonly pool: pg.Pool;
  private readonly tenants = new Map<string, string>();
  private timers: NodeJS.Timeout[] = [];

  private constructor(
    private readonly options: PostgresStoreOptions,
  ) {
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A database out of reach fails a call within two seconds instead of holding it.
      connectionTimeoutMillis: 2000,
      idleTimeoutMillis: 30_000,
    });
    // An idle connection the server closes (a restart) is an event, not a crash; the pool replaces it.
    this.pool.on('error', () => undefined);
    this.scenarios = new PostgresScenarios(this);
  }

  /**
   * Connects, applies the missing migrations and starts the retention purge. Throws naming
   * the database's host (never its password) when it cannot be reached, and refuses a schema
   * newer than this code.
   */
  static async open(options: PostgresStoreOptions): Promise<PostgresStore> {
    const store = new PostgresStore(options);
    try {
      await store.migrate();
      // The first purge before the sandbox serves: one that fails fails the start, and the pool goes with it.
      await store.purge();
    } catch (error) {
      await store.pool.end().catch(() => undefined);
      if (error instanceof SchemaTooNewError) throw error;
      throw new Error(`Cannot use the sandbox database at ${describeDatabase(options.url)}: ${reasonOf(error, options.url)}`);
    }
    if (options.retentionDays !== undefined) {
      const hourly = setInterval(() => void store.purge().catch(() => undefined), 3_600_000);
      hourly.unref();
      store.timers.push(hourly);
    }
    // Expired replay-guard entries go every minute (a live one is never removed).
    const sweep = setInterval(() => void store.sweepExpiredRequests().catch(() => undefined), 60_000);
    sweep.unref();
    store.timers.push(sweep);
    return store;
  }

  /** Applies the missing migrations under the advisory lock; refuses a newer schema. */
  private async migrate(): Promise<void> {
    await this.underStartLock(async (client) => {
      await client.query('CREATE TABLE IF NOT EXISTS sandbox_schema (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
      const { rows } = await client.query<{ version: number }>('SELECT coalesce(max(version), 0)::int AS version FROM sandbox_schema');
      const current = rows[0]!.version;
      if (current > latestSchemaVersion) throw new SchemaTooNewError(current, this.options.url);
      // Inside the start lock's transaction: every missing migration is applied, or none.
      for (const migration of migrations.filter((m) => m.version > current)) {
        await client.query(migration.sql);
        await client.query('INSERT INTO sandbox_schema (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      }
    });
  }

  /**
   * Runs `work` while holding the start lock, so replicas starting together do it one after
   * the other. The lock is held on a connection of its own, outside the pool: work under it
   * (arming the start-up scenarios) uses the pool, which may have a single connection. It is
   * a transaction's lock, taken and released with the transaction: behind a pooler in
   * transaction mode a session's lock would stay with whichever server connection took it.
   */
  async underStartLock<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: this.options.url, connectionTimeoutMillis: 2000 });
    // A connection the server drops is reported by the query that meets it.
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [startLockKey]);
        const result = await work(client as Queryable);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** Deletes records created more than retentionDays ago, and expired replay-guard entries. */
  async purge(): Promise<void> {
    const days = this.options.retentionDays;
    if (days === undefined) return;
    await this.transaction(async (client) => {
      for (const table of ['sandbox_wallets', 'sandbox_deposit_addresses', 'sandbox_transactions', 'sandbox_swaps', 'sandbox_scenarios']) {
        await client.query(`DELETE FROM ${table} WHERE created_at < now() - make_interval(days => $1)`, [days]);
      }
    });
    await this.sweepExpiredRequests();
  }

  /**
   * Deletes the replay-guard entries that have expired by the sandbox's clock: the one that
   * checked the request's timestamp and that claimRequest compares with. The database's own
   * clock may differ, and sweeping by it would let a live entry go (and its replay in).
   */
  async sweepExpiredRequests(): Promise<void> {
    await this.query('DELETE FROM sandbox_requests WHERE expires_at < to_timestamp($1::double precision / 1000)', [Date.now()]);
  }

  /** The tenant an API key's rows carry: a digest, since the key is a secret. */
  tenant(apiKey: string): string {
    let tenant = this.tenants.get(apiKey);
    if (tenant === undefined) {
      tenant = digest(`api-key\n${apiKey}`);
      this.tenants.set(apiKey, tenant);
    }
    return tenant;
  }

  /**
   * One statement, with its values bound apart from its text; an unreachable database becomes
   * StoreUnavailableError. Statements are not prepared under a name: behind a pooler in
   * transaction mode (PgBouncer), where a team sandbox often runs, the next statement may
   * reach another server connection, which has no such name (or has it already).
   */
  async query<Row extends object = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Rows<Row>> {
    try {
      return (await this.pool.query(text, values ?? [])) as Rows<Row>;
    } catch (error) {
      throw isUnreachable(error) ? new StoreUnavailableError(reasonOf(error, this.options.url)) : error;
    }
  }

  /** Statements in one transaction: all of them or none. */
  async transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw isUnreachable(error) ? new StoreUnavailableError(reasonOf(error, this.options.url)) : error;
    }
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client as Queryable);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw isUnreachable(error) ? new StoreUnavailableError(reasonOf(error, this.options.url)) : error;
    } finally {
      // A connection whose rollback failed is dropped rather than reused.
      client.release(broken);
    }
  }

  async addWallet(apiKey: string, wallet: WalletRecord) {
    await this.query('INSERT INTO sandbox_wallets (tenant, id, record) VALUES ($1, $2, $3)', [this.tenant(apiKey), wallet._id, JSON.stringify(wallet)]);
  }
  async listWallets(apiKey: string) {
    const { rows } = await this.query<{ record: WalletRecord }>('SELECT record FROM sandbox_wallets WHERE tenant = $1 ORDER BY seq', [this.tenant(apiKey)]);
    return rows.map((row) => row.record);
  }
  async depositAddress(apiKey: string, key: string, make: () => Promise<string>) {
    const tenant = this.tenant(apiKey);
    const known = await this.query<{ address: string }>('SELECT address FROM sandbox_deposit_addresses WHERE tenant = $1 AND key = $2', [tenant, key]);
    if (known.rows[0]) return known.rows[0].address;
    const made = await make();
    // Of two first calls (on two replicas) the first insert wins; the no-op update returns the kept address to both.
    const { rows } = await this.query<{ address: string }>(
      `INSERT INTO sandbox_deposit_addresses (tenant, key, address) VALUES ($1, $2, $3)
       ON CONFLICT (tenant, key) DO UPDATE SET key = EXCLUDED.key RETURNING address`,
      [tenant, key, made],
    );
    return rows[0]!.address;
  }

  async addTransaction(apiKey: string, t: TransactionRecord) {
    await this.query('INSERT INTO sandbox_transactions (tenant, id, record, status, payout_status, updated_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      this.tenant(apiKey),
      t._id,
      JSON.stringify(t),
      t.status,
      t.payoutStatus,
      t.updatedAt,
    ]);
  }
  async getTransaction(apiKey: string, id: string) {
    const { rows } = await this.query<TransactionRow>('SELECT record, status, payout_status, updated_at FROM sandbox_transactions WHERE tenant = $1 AND id = $2', [this.tenant(apiKey), id]);
    return rows[0] && transactionOf(rows[0]);
  }
  async pageTransactions(apiKey: string, offset: number, limit: number) {
    // The count and the page in one statement: one round trip, one snapshot.
    const { rows } = await this.query<{ total: number; page: TransactionRow[] }>(
      `SELECT (SELECT count(*) FROM sandbox_transactions WHERE tenant = $1)::int AS total,
              coalesce((SELECT json_agg(json_build_object('record', record, 'status', status, 'payout_status', payout_status, 'updated_at', updated_at) ORDER BY seq DESC)
                        FROM (SELECT * FROM sandbox_transactions WHERE tenant = $1 ORDER BY seq DESC LIMIT $2 OFFSET $3) AS page), '[]'::json) AS page`,
      [this.tenant(apiKey), limit, offset],
    );
    return { total: rows[0]!.total, data: rows[0]!.page.map(transactionOf) };
  }
  async listTransactions(apiKey: string) {
    const { rows } = await this.query<TransactionRow>('SELECT record, status, payout_status, updated_at FROM sandbox_transactions WHERE tenant = $1 ORDER BY seq', [this.tenant(apiKey)]);
    return rows.map(transactionOf);
  }
  async settleTransaction(apiKey: string, id: string, outcome: 'completed' | 'failed', updatedAt: string): Promise<Changed<TransactionRecord>> {
    const tenant = this.tenant(apiKey);
    const { rows } = await this.query<TransactionRow>(
      `UPDATE sandbox_transactions SET status = $3, payout_status = $3, updated_at = $4
       WHERE tenant = $1 AND id = $2 AND status = 'pending' RETURNING record, status, payout_status, updated_at`,
      [tenant, id, outcome, updatedAt],
    );
    if (rows[0]) return { changed: true, record: transactionOf(rows[0]) };
    return { changed: false, record: await this.getTransaction(apiKey, id) };
  }

  async addSwap(apiKey: string, swap: SwapRecord) {
    await this.query('INSERT INTO sandbox_swaps (tenant, id, record, status, updated_at) VALUES ($1, $2, $3, $4, $5)', [this.tenant(apiKey), swap.id, JSON.stringify(swap), swap.status, swap.updatedAt]);
  }
  async getSwap(apiKey: string, id: string) {
    const { rows } = await this.query<SwapRow>('SELECT record, status, updated_at FROM sandbox_swaps WHERE tenant = $1 AND id = $2', [this.tenant(apiKey), id]);
    return rows[0] && swapOf(rows[0]);
  }
  async listSwaps(apiKey: string) {
    const { rows } = await this.query<SwapRow>('SELECT record, status, updated_at FROM sandbox_swaps WHERE tenant = $1 ORDER BY seq', [this.tenant(apiKey)]);
    return rows.map(swapOf);
  }
  async moveSwap(apiKey: string, id: string, next: SwapState, updatedAt: string): Promise<Changed<SwapRecord>> {
    // One conditional statement: of two replicas moving the same swap, exactly one finds it pending.
    const { rows } = await this.query<SwapRow>(
      `UPDATE sandbox_swaps SET status = $3, updated_at = $4 WHERE tenant = $1 AND id = $2 AND status = 'pending' RETURNING record, status, updated_at`,
      [this.tenant(apiKey), id, next, updatedAt],
    );
    if (rows[0]) return { changed: true, record: swapOf(rows[0]) };
    return { changed: false, record: await this.getSwap(apiKey, id) };
  }

  async claimRequest(apiKey: string, timestamp: string, signature: string, expiresAt: number) {
    // Kept as a digest: the signature is a secret. An expired entry of the same identity is taken over.
    const { rowCount } = await this.query(
      `INSERT INTO sandbox_requests (identity, expires_at) VALUES ($1, to_timestamp($2::double precision / 1000))
       ON CONFLICT (identity) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE sandbox_requests.expires_at < to_timestamp($3::double precision / 1000)`,
      [digest(`${apiKey}\n${timestamp}\n${signature}`), expiresAt, Date.now()],
    );
    return rowCount === 1;
  }

  async nextCount(name: string) {
    const { rows } = await this.query<{ value: string }>(
      `INSERT INTO sandbox_counters (name, value) VALUES ($1, 1)
       ON CONFLICT (name) DO UPDATE SET value = sandbox_counters.value + 1, updated_at = now() RETURNING value`,
      [name],
    );
    return Number(rows[0]!.value);
  }

  async reset(apiKey: string) {
    const tenant = this.tenant(apiKey);
    await this.transaction(async (client) => {
      for (const table of ['sandbox_wallets', 'sandbox_deposit_addresses', 'sandbox_transactions', 'sandbox_swaps', 'sandbox_scenarios']) {
        await client.query(`DELETE FROM ${table} WHERE tenant = $1`, [tenant]);
      }
      await client.query('DELETE FROM sandbox_counters WHERE name = $1', [scenarioCounter(tenant)]);
    });
  }
  async clear() {
    await this.transaction(async (client) => {
      await client.query('TRUNCATE sandbox_wallets, sandbox_deposit_addresses, sandbox_transactions, sandbox_swaps, sandbox_scenarios, sandbox_counters');
    });
  }
  async ready() {
    try {
      await this.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
  async close() {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.pool.end();
  }
}

export class SchemaTooNewError extends Error {
  constructor(version: number, url: string) {
    super(
      `The sandbox database at ${describeDatabase(url)} has schema version ${version}, newer than this sandbox's ${latestSchemaVersion}: ` +
        'a newer sandbox migrated it. Run that version (or a newer one), or point this one at another database.',
    );
    this.name = 'SchemaTooNewError';
  }
}

type TransactionRow = { record: TransactionRecord; status: string; payout_status: string; updated_at: string };
type SwapRow = { record: SwapRecord; status: SwapState; updated_at: string };

const transactionOf = (row: TransactionRow): TransactionRecord => ({ ...row.record, status: row.status, payoutStatus: row.payout_status, updatedAt: row.updated_at }) as TransactionRecord;
const swapOf = (row: SwapRow): SwapRecord => ({ ...row.record, status: row.status, updatedAt: row.updated_at });

const scenarioCounter = (tenant: string) => `scenarios:${tenant}`;

type ScenarioRow = { id: string; definition: ScenarioDefinition; matched: number; answered: number };
const armedOf = (row: ScenarioRow): ArmedScenario => ({ id: row.id, definition: row.definition, matched: row.matched, answered: row.answered });

/** Scenarios as rows; the counts change under row locks, so replicas count each call once. */
class PostgresScenarios implements ScenarioStore {
  constructor(private readonly store: PostgresStore) {}

  // Another replica may have armed one: always ask.
  mayBeArmed() {
    return true;
  }

  async arm(apiKey: string, definition: ScenarioDefinition): Promise<ScenarioView> {
    const tenant = this.store.tenant(apiKey);
    return this.store.transaction(async (client) => {
      // One arming per tenant at a time, so the limit holds across replicas.
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [scenarioCounter(tenant)]);
      const { rows } = await client.query<{ armed: number }>('SELECT count(*)::int AS armed FROM sandbox_scenarios WHERE tenant = $1', [tenant]);
      if (rows[0]!.armed >= scenarioLimit) throw new ScenarioLimitError(scenarioLimitMessage);
      const counter = await client.query<{ value: string }>(
        `INSERT INTO sandbox_counters (name, value) VALUES ($1, 1)
         ON CONFLICT (name) DO UPDATE SET value = sandbox_counters.value + 1, updated_at = now() RETURNING value`,
        [scenarioCounter(tenant)],
      );
      const scenario: ArmedScenario = { id: `scenario-${counter.rows[0]!.value}`, definition: structuredClone(definition), matched: 0, answered: 0 };
      await client.query('INSERT INTO sandbox_scenarios (tenant, id, definition) VALUES ($1, $2, $3)', [tenant, scenario.id, JSON.stringify(scenario.definition)]);
      return scenarioView(scenario);
    });
  }

  async list(apiKey: string) {
    const { rows } = await this.store.query<ScenarioRow>('SELECT id, definition, matched, answered FROM sandbox_scenarios WHERE tenant = $1 ORDER BY seq', [this.store.tenant(apiKey)]);
    return rows.map((row) => scenarioView(armedOf(row)));
  }

  async disarm(apiKey: string, id: string) {
    const { rowCount } = await this.store.query('DELETE FROM sandbox_scenarios WHERE tenant = $1 AND id = $2', [this.store.tenant(apiKey), id]);
    return rowCount === 1;
  }

  async clear(apiKey: string) {
    const tenant = this.store.tenant(apiKey);
    await this.store.transaction(async (client) => {
      await client.query('DELETE FROM sandbox_scenarios WHERE tenant = $1', [tenant]);
      await client.query('DELETE FROM sandbox_counters WHERE name = $1', [scenarioCounter(tenant)]);
    });
  }

  async clearAll() {
    await this.store.transaction(async (client) => {
      await client.query('DELETE FROM sandbox_scenarios');
      await client.query("DELETE FROM sandbox_counters WHERE name LIKE 'scenarios:%'");
    });
  }

  async answerFor(apiKey: string, operationId: string, body: unknown): Promise<ArmedScenario | undefined> {
    const tenant = this.store.tenant(apiKey);
    // Most calls meet no scenario: one read, no transaction.
    const armed = await this.store.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM sandbox_scenarios WHERE tenant = $1) AS any', [tenant]);
    if (!armed.rows[0]!.any) return undefined;
    return this.store.transaction(async (client) => {
      // The tenant's scenarios locked in arming order: a call on another replica waits, then sees these counts.
      const { rows } = await client.query<ScenarioRow>('SELECT id, definition, matched, answered FROM sandbox_scenarios WHERE tenant = $1 ORDER BY seq FOR UPDATE', [tenant]);
      const scenarios = rows.map(armedOf);
      const chosen = countCall(scenarios, operationId, body);
      const changed = scenarios.filter((scenario, index) => scenario.matched !== rows[index]!.matched);
      if (changed.length) {
        await client.query(
          `UPDATE sandbox_scenarios AS s SET matched = c.matched, answered = c.answered
           FROM unnest($2::text[], $3::int[], $4::int[]) AS c(id, matched, answered) WHERE s.tenant = $1 AND s.id = c.id`,
          [tenant, changed.map((s) => s.id), changed.map((s) => s.matched), changed.map((s) => s.answered)],
        );
      }
      return chosen;
    });
  }
}
