// The canary of the drift watch and the traffic recorder: a provider whose answers carry
// the API key, the signature it received, the customer's password, account numbers and
// wallet addresses in every
// place a finding could quote (unknown fields, new values, unpublished shapes, error
// messages under 200, bodies that are not envelopes). No event, warning, strict error or
// recorded entry may carry any of them (nor the signing secret, which is never sent), nor
// what the command line's --drift prints on stderr; identifiers may appear only masked to
// their shape.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../packages/sdk/src/cli/main.ts';
import { createClient, hmacSha256, type DriftEvent } from '../../packages/sdk/src/client/index.ts';
import { recordTraffic, type HarEntry } from '../../packages/sdk/src/client/record-traffic.ts';
import { maskIdentifier } from '../../packages/sdk/src/privacy/index.ts';

const apiKey = 'CANARY-DRIFT-API-KEY-2f81';
const secret = 'CANARY-DRIFT-SECRET-a9c3';
const password = 'CANARY-DRIFT-PASSWORD-77e0';
const accountNumber = '0123456789';
const address = '0x9f8e7d6c5b4a39281706f5e4d3c2b1a098765432';
const bech32 = 'bc1qcanary9x8w7v6u5t4s3r2q0p9n8m7l6k5j4h3';
const canaries = [apiKey, secret, password, accountNumber, address, bech32, 'CANARY-DRIFT-BANK-551'];

/**
 * The answer to the n-th call of a round, quoting every canary somewhere a finding could
 * reach, and the signature the call sent (as a provider's error message quoting a header would).
 */
function answer(n: number, signature: string): { status: number; text: string } {
  // The password only in the answer to the call that sent it (createSwap, the first): a provider cannot quote what it never received.
  const quoted = `${apiKey} ${signature}${n === 0 ? ` ${password}` : ''}`;
  const personal = { accountNumber, address, walletAddress: bech32, password, bankCode: 'CANARY-DRIFT-BANK-551', note: quoted };
  return [
    // createSwap: unknown fields holding every canary.
    { status: 200, text: JSON.stringify({ status: 'success', message: quoted, data: { id: 'swap-1', from: 'usdt', to: 'ngn', status: 'pending', ...personal } }) },
    // listTransactions: new values of listed fields shaped like addresses; a record holding secrets.
    { status: 200, text: JSON.stringify({ status: 'success', message: 'ok', data: { page: 1, pages: 1, limit: 20, total: 1, data: [{ _id: 't1', uid: 'u1', amount: 1, amountToReceive: 1, coin: 'usdt', chain: 'eth', currency: 'usdt', type: address, status: bech32, payoutStatus: 'x', remark: quoted, fee: 0, rate: 1, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', ...personal }] } }) },
    // getDepositAddress: an unpublished shape full of them.
    { status: 200, text: JSON.stringify({ status: 'success', message: 'ok', data: { ...personal, nested: [{ ...personal }] } }) },
    // An error under 200 quoting the credentials, and bodies that are not envelopes.
    { status: 200, text: JSON.stringify({ status: 'error', message: quoted, data: personal }) },
    { status: 502, text: `<html>${quoted} ${address}</html>` },
    { status: 200, text: JSON.stringify(personal) },
  ][n]!;
}

/** The operations of a round, in the order of their canary answers. */
const roundOperations = ['POST /api/v1/swaps', 'GET /api/v1/transactions', 'GET /api/v1/wallets/deposit-address', 'POST /api/v1/wallets/preview-withdraw-local-transfer', 'POST /api/v1/wallets/preview-withdraw', 'GET /api/v1/utils/rates'];

/**
 * A provider answering each call of a round with its operation's canary answer, keeping the
 * signatures it received. By operation, not by arrival: calls made together may reach it in
 * another order (a body is read before it is signed, a GET has none).
 */
function canaryProvider() {
  const signatures: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const signature = new Headers(init?.headers).get('x-signature')!;
    signatures.push(signature);
    const n = roundOperations.indexOf(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    if (n === -1) throw new Error(`no canary answer for ${init?.method} ${String(input)}`);
    const next = answer(n, signature);
    return new Response(next.text, { status: next.status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, signatures };
}

describe('the drift watch and the traffic recorder with canary answers', () => {
  it('carry no secret, password or personal value in any event, warning, error or recording', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'drift-canary-')), 'traffic.har.jsonl');
    const { fetch, signatures } = canaryProvider();
    const events: DriftEvent[] = [];
    const entries: HarEntry[] = [];
    const warnings: string[] = [];
    const emit = vi.spyOn(process, 'emitWarning').mockImplementation(((message: string) => void warnings.push(message)) as typeof process.emitWarning);
    const rendered: string[] = [];
    try {
      const recorder = recordTraffic({ file, onEntry: (entry) => entries.push(entry) });
      for (const mode of ['report', 'strict'] as const) {
        // One client reporting to onDrift, one to the default warnings; strict throws what contradicts.
        for (const onDrift of [(event: DriftEvent) => void events.push(event), undefined]) {
          const client = createClient({ environment: 'custom', baseUrl: 'http://provider.test', apiKey, signer: hmacSha256({ secret }), fetch, drift: onDrift ? { mode, onDrift } : mode });
          client.use(recorder);
          const calls: Promise<unknown>[] = [
            client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1, password } }),
            client.GET('/api/v1/transactions'),
            client.GET('/api/v1/wallets/deposit-address', { params: { query: { coin: 'usdt', chain: address } } }),
            client.POST('/api/v1/wallets/preview-withdraw-local-transfer', { body: { amount: 1, coin: 'ngn', accountNumber, bankCode: 'CANARY-DRIFT-BANK-551' } }),
            client.POST('/api/v1/wallets/preview-withdraw', { body: { chain: 'eth', amount: 1, coin: 'usdt', receiverAddress: address } }),
            client.GET('/api/v1/utils/rates'),
          ];
          for (const call of calls) {
            const outcome = await call.then((result) => result, (error: unknown) => error);
            if (outcome instanceof Error) rendered.push(String(outcome), JSON.stringify(outcome), inspect(outcome), outcome.stack ?? '');
          }
        }
      }
      await recorder.flush();
    } finally {
      emit.mockRestore();
    }
    // Every channel said something: the check is not over empty outputs.
    expect(events.length).toBeGreaterThan(10);
    expect(events.some((e) => e.kind === 'value-not-seen')).toBe(true);
    expect(warnings.length).toBeGreaterThan(5);
    expect(rendered.some((text) => text.includes('drifted from the spec'))).toBe(true);
    expect(entries).toHaveLength(24);
    const outputs = { events: JSON.stringify(events), warnings: warnings.join('\n'), errors: rendered.join('\n'), entries: JSON.stringify(entries), file: readFileSync(file, 'utf8') };
    for (const [channel, text] of Object.entries(outputs)) {
      for (const canary of [...canaries, ...signatures]) expect(text.includes(canary), `${channel} carries ${canary}`).toBe(false);
    }
    // A new value shaped like an address is reported masked to its shape.
    expect(new Set(events.filter((e) => e.kind === 'value-not-seen').map((e) => e.value))).toEqual(new Set([maskIdentifier(address), maskIdentifier(bech32), 'x']));
  });
  it('carry none of them in what wallet-api --drift prints on stderr', async () => {
    const { fetch, signatures } = canaryProvider();
    const round = [
      ['createSwap', '--body', JSON.stringify({ from: 'usdt', to: 'ngn', amount: 1, password })],
      ['listTransactions'],
      ['getDepositAddress', '--query', 'coin=usdt', '--query', `chain=${address}`],
      ['previewLocalPayout', '--body', JSON.stringify({ amount: 1, coin: 'ngn', accountNumber, bankCode: 'CANARY-DRIFT-BANK-551' })],
      ['previewWithdrawal', '--body', JSON.stringify({ chain: 'eth', amount: 1, coin: 'usdt', receiverAddress: address })],
      ['getRates'],
    ];
    const stderr: string[] = [];
    const codes: number[] = [];
    for (const mode of ['report', 'strict']) {
      for (const args of round) {
        const io = { stdout: () => {}, stderr: (text: string) => void stderr.push(text), env: { WALLET_API_KEY: apiKey, WALLET_API_SIGNING_SECRET: secret }, cwd: process.cwd(), fetch: fetch as typeof globalThis.fetch };
        codes.push(await main([...args, '--base-url', 'http://127.0.0.1:9', '--drift', mode], io));
      }
    }
    // Every call was sent and answered, and the findings were printed: the check is not over an empty stderr.
    expect(signatures).toHaveLength(12);
    const printed = stderr.join('');
    expect(printed).toContain('wallet-api: drift: ');
    expect(printed).toContain('drifted from the spec');
    expect(codes.slice(6)).toContain(1);
    for (const canary of [...canaries, ...signatures]) expect(printed.includes(canary), `stderr carries ${canary}`).toBe(false);
  });
});
