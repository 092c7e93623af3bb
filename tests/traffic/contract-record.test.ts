// `npm run contract -- --record FILE.har` against the sandbox: every exchange the run makes
// is in the file (Dredd's and the swap the hooks create to cancel), and nothing secret or
// personal from the requests is: not the API key, the signing secret, a signature, the
// swap password or an account number, bank code or address, in any encoding.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runContract } from '../../tools/contract/run.ts';
import { readHarExchanges } from '../../tools/learn/har-input.ts';
import { renderMarkdown } from '../../tools/learn/markdown.ts';
import { buildReport } from '../../tools/learn/report.ts';
import { parseContractArgs } from '../../tools/contract/targets.ts';
import { parsePreflightArgs, preflightSteps } from '../../tools/preflight/run.ts';
import { demoCredentials } from '../../packages/sandbox/src/defaults.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listOperations } from '../../packages/sdk/src/spec/openapi.ts';
import { defaultPolicy } from '../../packages/sdk/src/privacy/index.ts';
import { readHar } from '../../packages/sdk/src/traffic/har-file.ts';
import { hexSignatureShapes, leaks } from './support/leaks.ts';

/** Every string value of a protected field anywhere in the bundled spec: the examples Dredd sends come from there. */
function protectedValues(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) protectedValues(item, found);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (defaultPolicy.classOf(key) !== undefined && typeof value === 'string') found.add(value);
      protectedValues(value, found);
    }
  }
  return found;
}

describe('npm run contract --record', () => {
  it('records every exchange of a sandbox run, and nothing secret or personal', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'contract-record-')), 'staging.har');
    let output = '';
    const io = { out: (t: string) => void (output += t), err: (t: string) => void (output += t), color: false };
    const exitCode = await runContract({ target: 'sandbox', confirmProduction: false, record: file }, process.env, io);
    expect(output).toMatch(/complete: \d+ passing, 0 failing, 0 errors, 0 skipped/);
    expect(exitCode).toBe(0);
    const har = await readHar(file);
    const total = Number(/complete: \d+ passing, \d+ failing, \d+ errors, \d+ skipped, (\d+) total/.exec(output)![1]);
    // Dredd's transactions, and the swap the hooks create so one can be cancelled.
    expect(har.log.entries).toHaveLength(total + 1);
    expect(output).toContain(`contract: recorded ${total + 1} exchanges in ${file}`);
    const operations = listOperations(loadBundledDocument()).map((o) => o.operation.operationId);
    expect(new Set(har.log.entries.map((e) => e._operationId))).toEqual(new Set(operations));
    expect(har.log.entries.filter((e) => e._operationId === 'createSwap')).toHaveLength(2);

    const text = readFileSync(file, 'utf8');
    const values = protectedValues(loadBundledDocument());
    expect(values).toContain('customer-authorization-value');
    expect(values.size).toBeGreaterThan(3);
    // The report on the recording (npm run learn's Markdown and JSON) is one more file that must not carry them.
    const report = buildReport(loadBundledDocument(), readHarExchanges(file));
    expect(report.exchanges).toBe(total + 1);
    for (const written of [text, renderMarkdown(report), JSON.stringify(report)]) {
      expect(leaks(written, [demoCredentials.apiKey, demoCredentials.secret, ...values])).toEqual([]);
      expect(hexSignatureShapes(written)).toEqual([]);
    }
    // The timestamps stay, for a later reading of the accepted window.
    expect(har.log.entries.filter((e) => e.request.headers.some((h) => h.name.toLowerCase() === 'x-timestamp' && /^\d{4}-/.test(h.value)))).toHaveLength(total + 1);
  }, 120_000);

  it('refuses a --record file that is not HAR before starting the target', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'contract-record-')), 'notes.har');
    writeFileSync(file, '{"log":{}}');
    const io = { out: () => undefined, err: () => undefined, color: false };
    await expect(runContract({ target: 'sandbox', confirmProduction: false, record: file }, process.env, io)).rejects.toThrow(`--record ${file}: ${file} is not a HAR file: its log has no "version"`);
    expect(readFileSync(file, 'utf8')).toBe('{"log":{}}');
  });

  it('resolves a relative --record against the directory npm was run from, and preflight passes it to its contract step', () => {
    const env = { INIT_CWD: '/home/release' };
    expect(parseContractArgs(['--record', 'out/staging.har'], env, '/repo')).toEqual({ target: 'sandbox', confirmProduction: false, record: '/home/release/out/staging.har' });
    expect(parseContractArgs(['--record', 'staging.har'], {}, '/repo').record).toBe('/repo/staging.har');
    const options = parsePreflightArgs(['--target', 'staging', '--record', 'staging.har'], env, '/repo');
    expect(options.record).toBe('/home/release/staging.har');
    const contract = preflightSteps(options).find((step) => step.name.startsWith('contract'))!;
    expect(contract.command.slice(-2)).toEqual(['--record', '/home/release/staging.har']);
  });
});
