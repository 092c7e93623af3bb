// `wallet-api --record`: what is sent does not change by a byte when recorded, the file
// gains one entry per call, and nothing secret or personal from the requests reaches it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../packages/sdk/src/cli/main.ts';
import { hmacSha256Sync } from '../../packages/sdk/src/signing/index.ts';
import { readHar } from '../../packages/sdk/src/traffic/har-file.ts';
import { answerJson, useCaptureServer } from '../support/capture-server.ts';
import { leaks, hexSignatureShapes } from './support/leaks.ts';

const apiKey = 'canary-key-3d9f2b71';
const secret = 'canary-secret-8c41e0aa';
const password = 'canary-password-55e1';
const accountNumber = '9081726354';
const bankCode = '214';
const receiverAddress = '0xCanaryAddr9f8e7d6c5b4a39281706fedcba9876';
const walletAddress = 'bc1qcanarywallet0f1e2d3c4b5a69788';

const capture = useCaptureServer();
afterEach(() => vi.useRealTimers());

async function run(args: string[], cwd = process.cwd()) {
  let output = '';
  const code = await main(args, { stdout: (t) => void (output += t), stderr: (t) => void (output += t), env: { WALLET_API_KEY: apiKey, WALLET_API_SIGNING_SECRET: secret }, cwd });
  return { code, output };
}

const swapBody = JSON.stringify({ from: 'usdt', to: 'ngn', amount: 100, password });

describe('wallet-api --record', () => {
  it('sends the signed request byte for byte as without recording', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'record-')), 'calls.har');
    // The same clock for both calls: the second is signed at the next millisecond (no two
    // requests of a process share a timestamp), and is otherwise the same request.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2024-05-01T12:00:00.000Z') });
    const args = ['createSwap', '--base-url', capture.server.url, '--body', swapBody];
    expect((await run(args)).code).toBe(0);
    expect((await run([...args, '--record', file])).code).toBe(0);
    const [plain, recorded] = capture.server.requests;
    expect(recorded!.method).toBe(plain!.method);
    expect(recorded!.url).toBe(plain!.url);
    const { 'x-timestamp': plainTimestamp, 'x-signature': plainSignature, ...plainRest } = plain!.headers;
    const { 'x-timestamp': recordedTimestamp, 'x-signature': recordedSignature, ...recordedRest } = recorded!.headers;
    expect(recordedRest).toEqual(plainRest);
    // At the clock's millisecond or later (an earlier test of this process may have signed past it), the second one after the first.
    expect(Date.parse(String(plainTimestamp))).toBeGreaterThanOrEqual(Date.parse('2024-05-01T12:00:00.000Z'));
    expect(Date.parse(String(recordedTimestamp)) - Date.parse(String(plainTimestamp))).toBe(1);
    expect(recorded!.body.equals(plain!.body)).toBe(true);
    // Each signed over the bytes sent, with its own timestamp.
    for (const [request, timestamp, signature] of [[plain!, plainTimestamp, plainSignature], [recorded!, recordedTimestamp, recordedSignature]] as const) {
      expect(signature).toBe(hmacSha256Sync({ secret })({ method: request.method, pathWithQuery: request.url, body: request.body.toString('utf8'), timestamp: String(timestamp), apiKey }));
    }
    const har = await readHar(file);
    expect(har.log.entries).toHaveLength(1);
    expect(har.log.entries[0]!._operationId).toBe('createSwap');
    expect(har.log.entries[0]!.request.headers).toContainEqual({ name: 'x-timestamp', value: recordedTimestamp });
  });

  it('keeps every secret and personal value of the requests out of the file, in any encoding', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'record-'));
    writeFileSync(join(dir, 'payout.json'), JSON.stringify({ amount: 5000, coin: 'ngn', accountNumber, bankCode }));
    // An answer that echoes the API key and carries addresses, as a careless service might.
    capture.server.handle((request, response) => {
      response.setHeader('x-api-key', String(request.headers['x-api-key']));
      answerJson(response, 200, { status: 'success', message: `key ${String(request.headers['x-api-key'])}`, data: { address: walletAddress, depositAddress: receiverAddress, id: 'swap-1', status: 'pending' } });
    });
    const target = ['--base-url', capture.server.url, '--record', 'traffic.har'];
    const calls = [
      ['createSwap', '--body', swapBody],
      ['previewLocalPayout', '--body', '@payout.json'],
      ['previewWithdrawal', '--body', JSON.stringify({ chain: 'ethereum', amount: 1, coin: 'usdt', receiverAddress })],
    ];
    for (const call of calls) await run([...call, ...target], dir);
    const text = readFileSync(join(dir, 'traffic.har'), 'utf8');
    expect((await readHar(join(dir, 'traffic.har'))).log.entries.map((e) => e._operationId)).toEqual(['createSwap', 'previewLocalPayout', 'previewWithdrawal']);
    const signatures = capture.server.requests.map((r) => String(r.headers['x-signature']));
    expect(signatures).toHaveLength(3);
    expect(leaks(text, [apiKey, secret, password, accountNumber, bankCode, receiverAddress, walletAddress, ...signatures])).toEqual([]);
    expect(hexSignatureShapes(text)).toEqual([]);
  });

  it('refuses a --record file that is not HAR before sending anything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'record-'));
    writeFileSync(join(dir, 'notes.txt'), 'my notes');
    const { code, output } = await run(['listWallets', '--base-url', capture.server.url, '--record', 'notes.txt'], dir);
    expect(code).toBe(2);
    expect(output).toContain('wallet-api: --record notes.txt: ');
    expect(output).toContain('notes.txt is not a HAR file: it is not JSON');
    expect(capture.server.requests).toHaveLength(0);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('my notes');
  });
});
