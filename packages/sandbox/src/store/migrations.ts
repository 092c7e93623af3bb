// The PostgreSQL store's schema, as versioned migrations shipped in the package (strings
// here, so the compiled package carries them with no file to copy). Append only: a
// released migration is never edited; a change is a new version. postgres.ts applies the
// missing ones at start under an advisory lock (replicas starting together migrate once)
// and refuses a database whose schema is newer than the newest listed here.
//
// Tables are prefixed `sandbox_`, so the sandbox can share a database with other things.
// Each API key is a tenant, stored as a digest of the key (the key itself is a secret);
// `created_at` (the database's clock) is what SANDBOX_RETENTION_DAYS purges by, `seq` the
// creation order lists read. Records are kept as the JSON the sandbox answers; the fields a
// state change moves (status, updatedAt) have columns of their own, so a change is one
// conditional UPDATE.

export type Migration = { version: number; name: string; sql: string };

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'records, scenarios, replay guard and counters',
    sql: `
      CREATE TABLE sandbox_wallets (
        tenant text NOT NULL,
        id text NOT NULL,
        seq bigserial NOT NULL,
        record json NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant, id)
      );
      CREATE INDEX sandbox_wallets_order ON sandbox_wallets (tenant, seq);

      CREATE TABLE sandbox_deposit_addresses (
        tenant text NOT NULL,
        key text NOT NULL,
        address text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant, key)
      );

      CREATE TABLE sandbox_transactions (
        tenant text NOT NULL,
        id text NOT NULL,
        seq bigserial NOT NULL,
        record json NOT NULL,
        status text NOT NULL,
        payout_status text NOT NULL,
        updated_at text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant, id)
      );
      CREATE INDEX sandbox_transactions_order ON sandbox_transactions (tenant, seq);

      CREATE TABLE sandbox_swaps (
        tenant text NOT NULL,
        id text NOT NULL,
        seq bigserial NOT NULL,
        record json NOT NULL,
        status text NOT NULL,
        updated_at text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant, id)
      );
      CREATE INDEX sandbox_swaps_order ON sandbox_swaps (tenant, seq);

      CREATE TABLE sandbox_scenarios (
        tenant text NOT NULL,
        id text NOT NULL,
        seq bigserial NOT NULL,
        definition json NOT NULL,
        matched integer NOT NULL DEFAULT 0,
        answered integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant, id)
      );
      CREATE INDEX sandbox_scenarios_order ON sandbox_scenarios (tenant, seq);

      -- The replay guard: a digest of API key, timestamp and signature (never the values).
      CREATE TABLE sandbox_requests (
        identity text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sandbox_requests_expiry ON sandbox_requests (expires_at);

      -- Deterministic ids, scenario ids per tenant, a provider profile's rotation.
      CREATE TABLE sandbox_counters (
        name text PRIMARY KEY,
        value bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];

/** The schema version this code reads and writes. */
export const latestSchemaVersion = migrations.at(-1)!.version;
