// The proposal from traffic of the sandbox playing a provider: what it writes into the split
// source, that the bundle of the result is clean and leaves the same traffic nothing to
// teach, that it claims nothing under its threshold, and that it never changes what the
// interface documents.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../tools/learn/findings.ts';
import { propose } from '../../tools/learn/proposal/index.ts';
import { SourceFiles } from '../../tools/learn/proposal/source-files.ts';
import { renderMarkdown } from '../../tools/learn/markdown.ts';
import { buildReport, type TrafficReport } from '../../tools/learn/report.ts';
import { demoCredentials, startSandbox } from '../../packages/sandbox/src/index.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { collectUnknowns } from '../../tools/spec/unknowns.ts';
import { walkProvider } from '../support/provider-walk.ts';
import { repoRoot } from '../support/run.ts';
import { copySpecSource, type SpecCopy } from '../support/spec-copy.ts';

const published = loadBundledDocument();
const fixture = (name: string) => join(repoRoot, 'tests/fixtures/providers', name);

/** Two recorded walks over the sandbox playing a profile: every learning of the walk shows at least twice. */
async function trafficOf(profile: string): Promise<Exchange[]> {
  const sandbox = await startSandbox({ deterministic: true, logger: false, profile });
  try {
    return [...(await walkProvider(sandbox.url, demoCredentials, 'first.har')), ...(await walkProvider(sandbox.url, demoCredentials, 'second.har'))];
  } finally {
    await sandbox.close();
  }
}

const learnings = (report: TrafficReport) => [...report.markers.flatMap((m) => m.items), ...Object.values(report.unmarked).flat()].map((item) => item.summary);

/**
 * What a document claims, one statement per constraint: every schema keyword and response
 * code, with each required field apart. Descriptions, examples and extensions (markers,
 * values seen, evidence) are left out: they document, they do not constrain.
 */
function documentedStatements(doc: OpenApiDocument): Set<string> {
  const statements = new Set<string>();
  const visit = (node: unknown, pointer: string): void => {
    if (node === null || typeof node !== 'object') return void statements.add(`${pointer}=${JSON.stringify(node)}`);
    if (Array.isArray(node)) {
      if (pointer.endsWith('/required')) for (const item of node) statements.add(`${pointer}:${String(item)}`);
      else statements.add(`${pointer}=${JSON.stringify(node)}`);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'description' || key === 'summary' || key === 'examples' || key === 'example' || key.startsWith('x-')) continue;
      visit(value, `${pointer}/${key}`);
    }
  };
  visit({ paths: doc.paths, components: { ...doc.components, examples: undefined } }, '');
  return statements;
}

describe('the proposal', () => {
  let traffic: Exchange[];
  let copy: SpecCopy;
  let report: TrafficReport;
  let proposed: OpenApiDocument;
  let written: string[];

  beforeAll(async () => {
    traffic = await trafficOf(fixture('fills-unknowns.json'));
    report = buildReport(published, traffic);
    copy = copySpecSource();
    written = propose(report, published, copy.root, 2).written;
    proposed = await copy.bundle();
  }, 60_000);
  afterAll(() => copy?.remove());
  const copyFiles = () => written;

  it('writes into the split source, each claim marked with its evidence', () => {
    const files = written.map((file) => relative(copy.dir, file)).sort();
    expect(files).toContain('openapi/components/schemas/Swap.yaml');
    expect(files).toContain('openapi/components/responses/ClientError.yaml');
    expect(files.every((file) => file.startsWith('openapi/'))).toBe(true);
    const swap = proposed.components.schemas!.Swap as { properties: Record<string, Record<string, unknown>>; required: string[]; additionalProperties: unknown };
    // Seen in every one of the four swaps: documented, still open to more, but optional: four
    // records are far from the 20 (in 2 answers on 2 recordings) that make a field required.
    expect(swap.properties.rate).toMatchObject({ type: 'string', 'x-observed': { samples: 4, of: 4, answers: 4, sources: ['first.har', 'second.har'], types: { string: 4 } } });
    expect(swap.required).not.toContain('rate');
    expect(swap.additionalProperties).toBe(true);
    // A value seen only as null says nothing of its type.
    const transaction = proposed.components.schemas!.Transaction as { properties: Record<string, Record<string, unknown>> };
    expect(transaction.properties.txHash!.type).toBeUndefined();
    // Values join the ones seen; nothing is closed into an enum.
    expect(transaction.properties.status).toMatchObject({ 'x-values-seen': ['completed', 'pending', 'processing', 'failed'] });
    expect(transaction.properties.status!.enum).toBeUndefined();
    // An unpublished shape gets the shape seen, open to members not seen.
    expect(proposed.components.schemas!.DepositAddress).toMatchObject({ type: 'object', required: ['coin', 'network', 'address', 'memo'], additionalProperties: true });
    // The authentication layer's refusal answers every operation: it goes on the shared error
    // response and the signature's security scheme, not on the operation the walk called.
    const listWallets = proposed.paths['/api/v1/wallets']!.get!.responses as Record<string, { 'x-observed'?: { conditions: unknown[] } }>;
    expect(Object.keys(listWallets)).toEqual(['200', '4XX', '5XX']);
    const clientError = proposed.components.responses!.ClientError as { 'x-observed': { conditions: unknown[] } };
    expect(clientError['x-observed'].conditions).toContainEqual({ probe: 'invalidSignature', status: 403, message: 'Invalid signature', samples: 2 });
    expect(proposed.components.securitySchemes!.Signature).toMatchObject({ 'x-observed': { refusals: expect.arrayContaining([{ probe: 'invalidSignature', status: 403, message: 'Invalid signature', samples: 2 }]) } });
    // The window bracketed by the skewed requests goes on the timestamp scheme.
    expect(proposed.components.securitySchemes!.Timestamp).toMatchObject({ 'x-observed': { acceptedUpToSeconds: 15, refusedFromSeconds: 45 } });
  });

  it('writes no personal identifier or credential it saw, in any file it changed or in the report', () => {
    // The provider's deposit address, as the profile sends it: the proposal's example shows its shape only.
    const address = (JSON.parse(readFileSync(fixture('fills-unknowns.json'), 'utf8')) as { shapes: { getDepositAddress: { address: string } } }).shapes.getDepositAddress.address;
    const written = copyFiles().map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(written).not.toContain(address);
    expect(written).toContain(`address: '${address.replace(/[0-9]/g, '0').replace(/[a-z]/g, 'x')}'`);
    for (const secret of [demoCredentials.apiKey, demoCredentials.secret]) expect(written).not.toContain(secret);
    // Nor does the report it came from, though the traffic it read was not redacted.
    expect(JSON.stringify(report)).not.toContain(address);
    expect(renderMarkdown(report)).not.toContain(address);
  });

  it('narrows the markers it answers in part, and removes only the one it answers whole', () => {
    const before = collectUnknowns(published);
    const after = collectUnknowns(proposed);
    expect(after.find((u) => u.pointer === '#/components/schemas/Swap')!.missing).toBe(
      'Fields of the swap record beyond id, from, to and status are not published by the provider. Observed in traffic so far (x-observed): fields reference, rate, expiresAt; anything else is still unknown.',
    );
    // What happens on an invalid signature is wholly answered: that statement goes, the other stays.
    const signature = (list: typeof before) => list.filter((u) => u.pointer === '#/components/securitySchemes/Signature').map((u) => u.missing);
    expect(signature(before)).toHaveLength(2);
    expect(signature(after)).toEqual(['The signature computation (signed content, algorithm and encoding) is not published by the provider.']);
    expect(proposed.components.securitySchemes!.Signature).toMatchObject({ 'x-observed': { invalidSignature: { status: 403, message: 'Invalid signature' } } });
    expect(after).toHaveLength(before.length - 1);
  });

  it('leaves the same traffic nothing to teach, lints clean and changes nothing documented', async () => {
    expect(learnings(report).length).toBeGreaterThan(20);
    const again = buildReport(proposed, traffic);
    expect(learnings(again)).toEqual([]);
    expect(again.contradictions).toEqual([]);
    const lint = await copy.lint();
    expect(lint.output).toMatch(/Your API description is valid/);
    expect(lint.output).not.toMatch(/warning/i);
    expect(lint.exitCode).toBe(0);
    const after = documentedStatements(proposed);
    expect([...documentedStatements(published)].filter((statement) => !after.has(statement))).toEqual([]);
  });

  it('prints every untouched file of the source back byte for byte, comments and layout kept', () => {
    const untouched = copySpecSource();
    try {
      const sources = new SourceFiles(untouched.root);
      const files = readdirSync(join(untouched.dir, 'openapi'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      for (const file of files) sources.document(join(file.parentPath, file.name));
      expect(files.length).toBeGreaterThan(60);
      expect(sources.save()).toEqual([]);
    } finally {
      untouched.remove();
    }
  });

  it('claims nothing under its threshold, and says what it left out', () => {
    const strict = copySpecSource();
    try {
      // Each refusal and shape was seen twice, each swap field four times.
      const proposal = propose(report, published, strict.root, 3);
      const changes = proposal.applied.map((a) => a.change).join('\n');
      expect(changes).toContain('Swap.rate');
      expect(changes).not.toMatch(/answers 40\d/);
      expect(proposal.notProposed.find((n) => n.summary.includes('invalidSignature'))!.reason).toBe('2 samples, fewer than the 3 a claim needs');
      const swapFile = readFileSync(join(strict.dir, 'openapi/paths/api_v1_wallets.yaml'), 'utf8');
      expect(swapFile).toBe(readFileSync(join(repoRoot, 'openapi/paths/api_v1_wallets.yaml'), 'utf8'));
    } finally {
      strict.remove();
    }
  });

  it('changes nothing the interface documents when the provider contradicts it', async () => {
    const contradicting = buildReport(published, await trafficOf(fixture('contradicts.json')));
    expect(contradicting.contradictions.length).toBeGreaterThan(0);
    const other = copySpecSource();
    try {
      propose(contradicting, published, other.root, 2);
      const bundle = await other.bundle();
      const after = documentedStatements(bundle);
      expect([...documentedStatements(published)].filter((statement) => !after.has(statement))).toEqual([]);
      // The contradicted claims stand as the interface makes them.
      const transaction = bundle.components.schemas!.Transaction as { required: string[]; properties: Record<string, { type?: unknown }> };
      expect(transaction.required).toContain('payoutStatus');
      expect(transaction.properties.amount!.type).toBe('number');
    } finally {
      other.remove();
    }
  }, 60_000);
});
