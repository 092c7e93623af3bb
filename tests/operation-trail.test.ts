// An operation's trail: every place an operation of the spec lives, the same list that
// docs/adding-an-operation.md gives a newcomer. For each operationId of the bundled spec the
// test looks in each place and fails naming every place where one is missing; and the page
// names every place the test looks in, so the two cannot drift apart.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBundledDocument } from '../packages/sandbox/src/spec/document.ts';
import { listOperations } from '../packages/sdk/src/spec/openapi.ts';
import { repoRoot } from './support/run.ts';

type Operation = { id: string; method: string; path: string };
type Place = {
  /** What lives there, as the page says it. */
  what: string;
  /** The file or folder, as the page names it. */
  where: string;
  /** Whether the operation is there. */
  has: (operation: Operation) => boolean;
};

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const filesIn = (dir: string, suffix: string) => readdirSync(join(repoRoot, dir)).filter((name) => name.endsWith(suffix)).map((name) => read(join(dir, name)));
const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The path as a test writes it: each `{param}` any one segment. */
const pathPattern = (path: string) => new RegExp(escape(path).replace(/\\\{[^}]+\\\}/g, '[^/\'"`?]+'));
const names = (text: string, id: string) => new RegExp(`\\b${id}\\b`).test(text);

export const places: Place[] = [
  { what: 'the spec', where: 'openapi/paths/', has: ({ id }) => filesIn('openapi/paths', '.yaml').some((text) => new RegExp(`operationId: ${id}$`, 'm').test(text)) },
  { what: 'TypeScript types', where: 'generated/schema.d.ts', has: ({ id }) => new RegExp(`^\\s+${id}: \\{`, 'm').test(read('generated/schema.d.ts')) },
  { what: 'TypeScript method', where: 'packages/sdk/src/client/operations.generated.ts', has: ({ id }) => names(read('packages/sdk/src/client/operations.generated.ts'), id) },
  { what: 'Python method', where: 'clients/python/src/wallet_api/_generated/operations.py', has: ({ id }) => read('clients/python/src/wallet_api/_generated/operations.py').includes(`operation_id="${id}"`) },
  { what: 'Go method', where: 'clients/go/operations.go', has: ({ id }) => read('clients/go/operations.go').includes(`) ${pascal(id)}(ctx context.Context`) },
  { what: 'PHP method', where: 'clients/php/src/Generated/Operations.php', has: ({ id }) => read('clients/php/src/Generated/Operations.php').includes(`public function ${id}(`) },
  { what: 'Java method', where: 'clients/java/src/main/java/walletapi/BlockingOperations.java', has: ({ id }) => read('clients/java/src/main/java/walletapi/BlockingOperations.java').includes(` ${id}(`) },
  { what: 'sandbox handler', where: 'packages/sandbox/src/operations/', has: ({ id }) => filesIn('packages/sandbox/src/operations', '.ts').some((text) => new RegExp(`^\\s+(async )?${id}(: |\\()`, 'm').test(text)) },
  {
    what: 'sandbox tests',
    where: 'tests/sandbox/',
    has: ({ id, path }) => filesIn('tests/sandbox', '.test.ts').some((text) => names(text, id) || pathPattern(path).test(text)),
  },
  { what: 'conformance cases', where: 'conformance/cases/', has: ({ id }) => filesIn('conformance/cases', '.json').some((text) => text.includes(`"operationId": "${id}"`)) },
  ...['ts', 'py', 'go', 'php', 'java', 'sh'].map((ext) => ({ what: `docs sample (.${ext})`, where: `examples/operations/<operationId>.${ext}`, has: ({ id }: Operation) => existsSync(join(repoRoot, 'examples/operations', `${id}.${ext}`)) })),
  { what: 'Go sample program', where: 'clients/go/examples/operations/<operationId>/main.go', has: ({ id }) => existsSync(join(repoRoot, 'clients/go/examples/operations', id, 'main.go')) },
];

const operations: Operation[] = listOperations(loadBundledDocument()).map(({ method, path, operation }) => ({ id: operation.operationId as string, method, path }));

describe("an operation's trail", () => {
  it('finds every operation of the spec in every place it lives', () => {
    expect(operations.length).toBeGreaterThan(0);
    const missing = operations.flatMap((operation) => places.filter((place) => !place.has(operation)).map((place) => `${operation.id}: no ${place.what} (${place.where})`));
    expect(missing).toEqual([]);
  });

  it('finds nothing for an operation the spec does not have', () => {
    const invented: Operation = { id: 'refundSwap', method: 'post', path: '/api/v1/swaps/{id}/refund' };
    expect(places.filter((place) => place.has(invented)).map((place) => place.what)).toEqual([]);
  });

  it('is the list docs/adding-an-operation.md gives', () => {
    const page = read('docs/adding-an-operation.md');
    expect(places.filter((place) => !page.includes(`\`${place.where}\``)).map((place) => place.where)).toEqual([]);
  });
});
