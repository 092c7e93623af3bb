// A provider's field whose name holds the JSON pointer's own characters (`/` and `~`): the
// proposal writes it into the spec under the name the provider gave it (a field is a JSON
// pointer inside the learning code, so each such name is escaped and read back once).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { propose } from '../../tools/learn/proposal/index.ts';
import { buildReport } from '../../tools/learn/report.ts';
import { demoCredentials, startSandbox } from '../../packages/sandbox/src/index.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { walkProvider } from '../support/provider-walk.ts';
import { repoRoot } from '../support/run.ts';
import { copySpecSource } from '../support/spec-copy.ts';

const dir = mkdtempSync(join(tmpdir(), 'odd-field-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a field named with / and ~', () => {
  it('is proposed under its own name', async () => {
    const profile = JSON.parse(readFileSync(join(repoRoot, 'tests/fixtures/providers/fills-unknowns.json'), 'utf8'));
    profile.$schema = join(repoRoot, 'packages/sandbox/src/profile/profile.schema.json');
    profile.extraFields.Swap['fee/total~net'] = '1.50';
    profile.extraFields.Transaction['fee/total~net'] = '2.50';
    profile.extraFields.Transaction['~0'] = 'x';
    const profilePath = join(dir, 'profile.json');
    writeFileSync(profilePath, JSON.stringify(profile));
    const sandbox = await startSandbox({ deterministic: true, logger: false, profile: profilePath });
    const traffic = [];
    try {
      traffic.push(...(await walkProvider(sandbox.url, demoCredentials, 'first.har')), ...(await walkProvider(sandbox.url, demoCredentials, 'second.har')));
    } finally {
      await sandbox.close();
    }
    const published = loadBundledDocument();
    const report = buildReport(published, traffic);
    const copy = copySpecSource();
    try {
      propose(report, published, copy.root, 2);
      const proposed = await copy.bundle();
      type Schema = { properties: Record<string, { type?: string }> };
      const { Swap: swap, Transaction: transaction } = proposed.components.schemas as Record<string, Schema>;
      expect(swap!.properties['fee/total~net']).toMatchObject({ type: 'string' });
      expect(transaction!.properties['fee/total~net']).toMatchObject({ type: 'string' });
      expect(transaction!.properties['~0']).toMatchObject({ type: 'string' });
      // Never under the pointer's escaped spelling of the name.
      expect(JSON.stringify(proposed)).not.toMatch(/fee~1total|"~00"/);
    } finally {
      copy.remove();
    }
  }, 60_000);
});
