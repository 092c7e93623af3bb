// What the learning loop concludes from answers, one case per way it used to conclude too
// much: answers the provider did not decide on (throttled, server errors, redirects) are
// never refusals nor window bounds; error answers read as the drift watch reads them;
// thresholds count after merging; a field named `meta.version` is one field; operations
// match their most literal template; `required` needs 20 records in 2 answers on 2
// recordings; the authentication layer's refusals go where they apply. Each exchange and
// each expected finding is written here, not derived from the code under test.
import { afterAll, describe, expect, it } from 'vitest';
import { readDrift } from '../../packages/sdk/src/client/drift/read-answer.ts';
import { ExchangeAnalyser, type Exchange } from '../../tools/learn/findings.ts';
import { claimsOf, type Claim } from '../../tools/learn/proposal/claims.ts';
import { propose } from '../../tools/learn/proposal/index.ts';
import { buildReport, type LearnedItem, type TrafficReport } from '../../tools/learn/report.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { copySpecSource, type SpecCopy } from '../support/spec-copy.ts';
import { readAnswer } from '../../packages/sdk/src/spec/answer-reading.ts';
import { SpecAnswerChecks } from '../../tools/spec/answer-checks.ts';
import { strictReading } from '../../tools/spec/strict-reading.ts';

const doc = loadBundledDocument();
const base = 'https://provider.test';
const envelope = (message: string) => JSON.stringify({ status: 'error', message, data: null });

/** A wallet record as the interface documents it, with `extra` members. */
const wallet = (n: number, extra: Record<string, unknown> = {}) => ({ _id: `w${n}`, address: `addr${n}`, chainType: 'evm', status: 'active', subscribedChains: ['ethereum'], usage: 'crypto_to_cash', provider: 'custodian', ...extra });
const walletList = (wallets: unknown[]) => JSON.stringify({ status: 'success', message: 'Wallets retrieved', data: wallets });

let entry = 0;
function exchange(path: string, status: number, responseText: string | undefined, more: Partial<Exchange> = {}): Exchange {
  return { source: { file: more.source?.file ?? 'recorded.har', entry: entry++ }, method: more.method ?? 'GET', url: `${base}${path}`, status, responseText, ...more };
}

const items = (report: TrafficReport): LearnedItem[] => [...report.markers.flatMap((m) => m.items), ...Object.values(report.unmarked).flat()];
const claimKinds = (claims: Claim[]) => claims.map((c) => c.kind);

describe('answers the provider did not decide on', () => {
  it('a 429 or a 5xx to a skewed timestamp is no window bound, and no window is proposed from it', () => {
    const report = buildReport(doc, [
      exchange('/api/v1/wallets', 429, envelope('Too many requests'), { probe: 'timestampSkew:-20', retryAfter: '2' }),
      exchange('/api/v1/wallets', 429, envelope('Too many requests'), { probe: 'timestampSkew:-20' }),
      exchange('/api/v1/wallets', 503, envelope('Unavailable'), { probe: 'timestampSkew:-200' }),
      exchange('/api/v1/wallets', 500, envelope('Internal error'), { probe: 'timestampSkew:450' }),
    ]);
    expect(items(report).filter((i) => i.kind === 'timestamp-window')).toEqual([]);
    expect(report.inconclusive.map((i) => i.summary)).toEqual([
      'inconclusive: throttled at \u221220 s, \u221220 s, \u2212200 s (listWallets, HTTP 429, HTTP 503, 3 answers)',
      'inconclusive: a server error at +450 s (listWallets, HTTP 500, 1 answer)',
    ]);
    const { claims } = claimsOf(report, 1);
    expect(claims.filter((c) => c.kind === 'window')).toEqual([]);
  });

  it('a redirect carrying an error envelope is no refusal, in learn and in the drift watch alike', () => {
    const redirected = [exchange('/api/v1/wallets', 301, envelope('Moved'), { probe: 'invalidSignature' }), exchange('/api/v1/wallets', 302, envelope('Moved'), { probe: 'invalidSignature' })];
    const report = buildReport(doc, redirected);
    expect(items(report)).toEqual([]);
    expect(report.contradictions).toEqual([]);
    expect(report.inconclusive.map((i) => `${i.kind} ${i.count}`)).toEqual(['redirect 2']);
    expect(claimsOf(report, 1).claims).toEqual([]);
    expect(readDrift('GET /api/v1/wallets', 301, JSON.parse(envelope('Moved'))).map((e) => `${e.class} ${e.kind}`)).toEqual(['inconclusive redirect']);
  });
});

describe('one reading of error answers', () => {
  const analyser = new ExchangeAnalyser(doc);
  const learnKeys = (e: Exchange) => analyser.read(e).findings.filter((f) => f.class !== 'learning').map((f) => `${f.class} ${f.kind} ${'pointer' in f ? f.pointer : ''}`);
  const driftKeys = (status: number, body: unknown) => readDrift('GET /api/v1/wallets', status, body).map((e) => `${e.class} ${e.kind} ${e.pointer}`);

  it('names an error answer without its message not-envelope, and one whose data is a number wrong-type, as the drift watch does (not other-violation with Ajv messages)', () => {
    const noMessage = { status: 'error', data: null, reason: 'x' };
    expect(learnKeys(exchange('/api/v1/wallets', 400, JSON.stringify(noMessage)))).toEqual(['contradiction not-envelope ']);
    expect(driftKeys(400, noMessage)).toEqual(['contradiction not-envelope ']);
    const numbered = { status: 'error', message: 'Invalid', data: 5 };
    expect(learnKeys(exchange('/api/v1/wallets', 400, JSON.stringify(numbered)))).toEqual(['contradiction wrong-type /data']);
    expect(driftKeys(400, numbered)).toEqual(['contradiction wrong-type /data']);
  });

  it('is what contract --strict reads with: an extra field fails in a closed record, not in an open one', () => {
    const strict = new SpecAnswerChecks(doc, strictReading(doc));
    const extraOn = (operationId: string, status: number, body: unknown) => readAnswer({ status, body }, strict.ofOperation(operationId)).findings.map((f) => `${f.kind} ${f.pointer}`);
    // Wallet lists its fields and says nothing of others: closed under --strict.
    expect(extraOn('listWallets', 200, JSON.parse(walletList([wallet(1, { balance: '1' })])))).toEqual(['unknown-field /data/0/balance']);
    // Swap says it has more fields than it shows (additionalProperties: true): open.
    const swap = { status: 'success', message: 'Created', data: { id: 's1', from: 'usdt', to: 'ngn', status: 'pending', reference: 'r', rate: '1', expiresAt: '2026-01-01T00:00:00.000Z', extra: 1 } };
    expect(extraOn('createSwap', 200, swap).filter((f) => f.startsWith('unknown-field'))).toEqual([]);
  });

  it('checks the status before the envelope: a 201 that is not JSON is undocumented-status in both', () => {
    const created = exchange('/api/v1/swaps', 201, '<html>created</html>', { method: 'POST' });
    expect(learnKeys(created)).toEqual(['contradiction undocumented-status ']);
    expect(readDrift('POST /api/v1/swaps', 201, Symbol('not JSON')).map((e) => e.kind)).toEqual(['undocumented-status']);
  });
});

describe('evidence that holds', () => {
  it('counts a refusal condition after merging the unlabelled answers with its message', () => {
    const notFound = envelope('Transaction not found');
    const report = buildReport(doc, [
      exchange('/api/v1/transactions/ffffffffffffffffffffffff', 404, notFound, { probe: 'notFound' }),
      exchange('/api/v1/transactions/aaaaaaaaaaaaaaaaaaaaaaaa', 404, notFound),
    ]);
    const { claims, notProposed } = claimsOf(report, 2);
    expect(claims).toEqual([expect.objectContaining({ kind: 'refusal', operationId: 'getTransaction', status: 404, conditions: [{ probe: 'notFound', message: 'Transaction not found', samples: 2 }] })]);
    expect(notProposed).toEqual([]);
  });

  it('proposes a field every one of 4 records in 2 answers had as optional, with its counts', () => {
    const report = buildReport(doc, [
      exchange('/api/v1/wallets', 200, walletList([wallet(1, { balance: '1' }), wallet(2, { balance: '2' })])),
      exchange('/api/v1/wallets', 200, walletList([wallet(3, { balance: '3' }), wallet(4, { balance: '4' })]), { source: { file: 'other.har', entry: 0 } }),
    ]);
    const field = claimsOf(report, 2).claims.find((c) => c.kind === 'field')!;
    expect(field).toMatchObject({ kind: 'field', schema: 'Wallet', field: '/balance', required: false, evidence: { samples: 4, of: 4, answers: 2, sources: ['other.har', 'recorded.har'] } });
    expect(field.kind === 'field' && field.optionalBecause).toBe('every record had it, but 4 records in 2 answers on 2 recordings fall short of the 20 records, 2 answers and 2 recordings required needs');
  });

  it('makes it required from 20 records in 2 answers on 2 recordings, and the thresholds are the caller\'s', () => {
    const answer = (from: number, file: string) => exchange('/api/v1/wallets', 200, walletList(Array.from({ length: 10 }, (_, i) => wallet(from + i, { balance: '1' }))), { source: { file, entry: 0 } });
    const twoRecordings = buildReport(doc, [answer(0, 'a.har'), answer(10, 'b.har')]);
    expect(claimsOf(twoRecordings, 2).claims.find((c) => c.kind === 'field')).toMatchObject({ required: true });
    const oneRecording = buildReport(doc, [answer(0, 'a.har'), answer(10, 'a.har')]);
    expect(claimsOf(oneRecording, 2).claims.find((c) => c.kind === 'field')).toMatchObject({ required: false });
    expect(claimsOf(oneRecording, 2, { records: 20, answers: 2, recordings: 1 }).claims.find((c) => c.kind === 'field')).toMatchObject({ required: true });
  });

  it('puts a refusal of the authentication layer on the shared error response, not on the operation the probe called', () => {
    const invalid = envelope('Invalid signature');
    const report = buildReport(doc, [
      exchange('/api/v1/wallets', 403, invalid, { probe: 'invalidSignature' }),
      exchange('/api/v1/wallets', 403, invalid, { probe: 'invalidSignature' }),
      // The same refusal met by ordinary traffic on another operation is the same condition.
      exchange('/api/v1/transactions', 403, invalid),
    ]);
    const { claims } = claimsOf(report, 2);
    expect(claimKinds(claims)).toEqual(['authentication-refusal']);
    expect(claims[0]).toMatchObject({ conditions: [{ probe: 'invalidSignature', status: 403, header: 'x-signature', message: 'Invalid signature', samples: 3 }] });
  });
});

describe('JSON pointers and templates', () => {
  let copy: SpecCopy | undefined;
  afterAll(() => copy?.remove());

  it('reads a field named meta.version as one field, proposes it, and the result lints', async () => {
    const report = buildReport(doc, [
      exchange('/api/v1/wallets', 200, walletList([wallet(1, { 'meta.version': 3 }), wallet(2, { 'meta.version': 4 })])),
    ]);
    const item = items(report).find((i) => i.kind === 'unknown-field')!;
    expect(item).toMatchObject({ schema: 'Wallet', field: '/meta.version', summary: 'Wallet["meta.version"]: integer, 2/2 Wallet records' });
    copy = copySpecSource();
    const proposal = propose(report, doc, copy.root, 2);
    expect(proposal.applied.map((a) => a.change)).toContain('Wallet["meta.version"]: integer, optional (2/2 records in 1 answer on 1 recording): every record had it, but 2 records in 1 answer on 1 recording fall short of the 20 records, 2 answers and 2 recordings required needs');
    const bundled = (await copy.bundle()) as OpenApiDocument & { components: { schemas: { Wallet: { properties: Record<string, unknown> } } } };
    expect(bundled.components.schemas.Wallet.properties['meta.version']).toMatchObject({ type: 'integer' });
    const lint = await copy.lint();
    expect(lint.exitCode, lint.output).toBe(0);
  }, 60_000);

  it('matches a request to the template with literal segments first, whatever the document order', () => {
    const twoTemplates = structuredClone(doc) as OpenApiDocument;
    const byId = { get: { operationId: 'getItem', responses: { '200': { description: 'one' } } } };
    const latest = { get: { operationId: 'getLatestItem', responses: { '200': { description: 'latest' } } } };
    twoTemplates.paths = { '/api/v1/items/{id}': byId, '/api/v1/items/latest': latest } as unknown as OpenApiDocument['paths'];
    const analyser = new ExchangeAnalyser(twoTemplates);
    expect(analyser.operationOf('GET', `${base}/api/v1/items/latest`)?.operationId).toBe('getLatestItem');
    expect(analyser.operationOf('GET', `${base}/api/v1/items/42`)?.operationId).toBe('getItem');
    // A template matches whole segments: /items/latest/x is neither.
    expect(analyser.operationOf('GET', `${base}/api/v1/items/latest/x`)).toBeUndefined();
    // The base address may add a prefix.
    expect(analyser.operationOf('GET', `${base}/gateway/api/v1/items/latest`)?.operationId).toBe('getLatestItem');
  });
});
