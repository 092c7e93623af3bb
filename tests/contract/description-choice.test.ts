// Dredd reads a 3.0 copy of the bundle because it parses with fewer unsupported-feature
// warnings than the 3.1 bundle itself. This keeps that choice true as the spec changes.
// Each description goes through the step of a Dredd run that reads it (Dredd's own
// prepareAPIdescriptions: read, parse, compile), in this process: a Dredd process per
// description would add only its start-up, nothing this test reads.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeDreddDescription } from '../../src/contract/description.ts';
import { bundledSpecPath } from '../../src/spec/document.ts';

type Annotation = { type: string; component: string };
type DescriptionRead = { location: string; annotations: Annotation[]; transactions: object[] };
type DreddInstance = {
  prepareAPIdescriptions(callback: (error: Error | null, descriptions: DescriptionRead[]) => void): void;
  transactionRunner: { configureTransaction(transaction: object): { id: string } };
};
type DreddClass = new (configuration: object) => DreddInstance;

/**
 * Dredd, loaded on first use. Loading it adds a process listener that exits on any unhandled
 * rejection (its parser's WebAssembly glue); the test worker is shared with other files, so
 * listeners added while loading are taken off again.
 */
let dreddClass: DreddClass | undefined;
function loadDredd(): DreddClass {
  if (dreddClass) return dreddClass;
  const emitter: NodeJS.EventEmitter = process;
  const events = ['unhandledRejection', 'uncaughtException', 'exit'];
  const before = new Map(events.map((event) => [event, emitter.listeners(event)]));
  dreddClass = createRequire(import.meta.url)('dredd') as DreddClass;
  for (const event of events) {
    for (const listener of emitter.listeners(event)) if (!before.get(event)!.includes(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
  }
  return dreddClass;
}

/** Dredd's parse of a description: its parser warnings and the transactions it would run, by the titles it prints for them. */
async function parseWithDredd(path: string) {
  // Nothing listens on port 9: no request is sent.
  const Dredd = loadDredd();
  const dredd = new Dredd({ endpoint: 'http://127.0.0.1:9', path: [path] });
  const descriptions = await new Promise<DescriptionRead[]>((resolve, reject) => dredd.prepareAPIdescriptions((error, read) => (error ? reject(error) : resolve(read))));
  expect(descriptions.map((d) => d.location)).toEqual([path]);
  const [description] = descriptions;
  return {
    // What Dredd prints as "API description parser warning in …".
    warnings: description!.annotations.filter((a) => a.component === 'apiDescriptionParser' && a.type === 'warning').length,
    // What it prints after "skip: " under --names (its transaction ids, "GET (200) /api/v1/…").
    transactions: description!.transactions.map((transaction) => dredd.transactionRunner.configureTransaction(transaction).id),
  };
}

describe('the description Dredd reads', () => {
  it('is the 3.0 copy, which parses with fewer warnings than the 3.1 bundle and yields the same transactions', async () => {
    const copyPath = writeDreddDescription();
    try {
      const bundle = await parseWithDredd(bundledSpecPath);
      const copy = await parseWithDredd(copyPath);
      console.info(`Dredd parser warnings: 3.1 bundle ${bundle.warnings}, 3.0 copy ${copy.warnings}`);
      expect(copy.warnings).toBeLessThan(bundle.warnings);
      expect(copy.transactions).toEqual(bundle.transactions);
      expect(copy.transactions.length).toBeGreaterThan(0);
    } finally {
      rmSync(dirname(copyPath), { recursive: true, force: true });
    }
  });

  it('leaves no process listener of Dredd behind in the shared test worker', () => {
    loadDredd();
    expect(process.listeners('unhandledRejection').map(String)).not.toContain('function(reason,p){process["exit"](1)}');
  });
});
