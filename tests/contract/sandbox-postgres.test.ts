// The contract run (Dredd, as `npm run contract -- --target sandbox` does it) against the
// sandbox with its state in PostgreSQL (SANDBOX_DATABASE_URL): every operation of the spec
// answers as the spec says, from a database, as tests/traffic/contract-record.test.ts shows
// for the in-memory sandbox.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runContract } from '../../tools/contract/run.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listOperations } from '../../packages/sdk/src/spec/openapi.ts';
import { readHar } from '../../packages/sdk/src/traffic/har-file.ts';
import { freshDatabase, queryDatabase } from '../support/postgres.ts';

describe('npm run contract --target sandbox, state in PostgreSQL', () => {
  it('passes every transaction, exercising every operation, and leaves its records in the database', async () => {
    const databaseUrl = await freshDatabase('contract');
    const file = join(mkdtempSync(join(tmpdir(), 'contract-postgres-')), 'run.har');
    let output = '';
    const io = { out: (t: string) => void (output += t), err: (t: string) => void (output += t), color: false };
    const exitCode = await runContract({ target: 'sandbox', confirmProduction: false, record: file }, { ...process.env, SANDBOX_DATABASE_URL: databaseUrl }, io);
    expect(output).toContain(`contract: sandbox (state in PostgreSQL at 127.0.0.1:${new URL(databaseUrl).port}${new URL(databaseUrl).pathname}) at http://127.0.0.1:`);
    expect(output).toMatch(/complete: \d+ passing, 0 failing, 0 errors, 0 skipped/);
    expect(exitCode).toBe(0);
    expect(output).not.toContain(new URL(databaseUrl).password);
    const har = await readHar(file);
    const operations = listOperations(loadBundledDocument()).map((o) => o.operation.operationId);
    expect(new Set(har.log.entries.map((e) => e._operationId))).toEqual(new Set(operations));
    // What the run created is in the database, not in the process that has gone: one swap confirmed, one cancelled.
    const swaps = await queryDatabase<{ status: string }>(databaseUrl, 'SELECT status FROM sandbox_swaps ORDER BY seq');
    expect(swaps.map((s) => s.status)).toEqual(['confirmed', 'cancelled']);
  });
});
