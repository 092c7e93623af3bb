// The state behind in-process handlers, resettable between tests without building the app
// again (a build reads the spec and compiles its validators: about half a second). The
// operations keep the runtime they were created with, so the runtime handed to them only
// forwards to the current one, which a reset replaces: deterministic ids and references
// start again from the first.
import { createSandboxContext } from '../app.ts';
import type { OperationContext } from '../operations/index.ts';
import { createRuntime, type Runtime } from '../runtime.ts';
import type { SandboxOptions } from '../index.ts';

export type ResettableContext = { context: OperationContext; reset(): void };

export function resettableContext(options: Pick<SandboxOptions, 'dataPath' | 'deterministic'>): ResettableContext {
  const { catalog, store } = createSandboxContext(options);
  const deterministic = options.deterministic ?? false;
  let current = createRuntime(deterministic);
  const runtime: Runtime = {
    now: () => current.now(),
    newId: () => current.newId(),
    newUid: () => current.newUid(),
  };
  return {
    context: { catalog, store, runtime },
    reset() {
      store.clear();
      current = createRuntime(deterministic);
    },
  };
}
