// The state behind in-process handlers, resettable between tests without building the app
// again (a build reads the spec and compiles its validators: about half a second). Always
// the in-memory store: a reset forgets every record and scenario and restarts the
// deterministic counters, so ids and references start again from the first.
import { createSandboxContext } from '../app.ts';
import type { OperationContext } from '../operations/index.ts';
import { MemoryStore } from '../store/memory.ts';
import type { SandboxOptions } from '../index.ts';

export type ResettableContext = { context: OperationContext; store: MemoryStore; reset(): void };

export function resettableContext(options: Pick<SandboxOptions, 'dataPath' | 'deterministic'>): ResettableContext {
  const store = new MemoryStore();
  return { context: createSandboxContext(options, store), store, reset: () => store.clearNow() };
}
