// The sandbox: a stateful implementation of the service's behaviour, for contract tests and
// integrators' local development (state in memory, the default) and for a team's shared
// integration environment (state in PostgreSQL, shared by replicas, kept across restarts).
import { buildSandboxApp, createSandboxContext } from './app.ts';
import { armScenarios, scenarioHandle, sharedScenarioHandle, type ScenarioHandle, type SharedScenarioHandle } from './behaviour/scenarios/handle.ts';
import { MemoryStore } from './store/memory.ts';
import type { SandboxStore } from './store/store.ts';
import { listOperations } from '../../sdk/src/spec/openapi.ts';
import { loadBundledDocument } from './spec/document.ts';
import { withSandboxDefaults } from './defaults.ts';
import type { SandboxOptions } from './options.ts';

export { defaultSandboxHost, defaultSandboxPort, defaultSandboxUrl, defaultTimestampWindowSeconds, demoCredentials } from './defaults.ts';
export { defaultSandboxTimeouts, type SandboxTimeouts } from './timeouts.ts';
export type { Contradiction, JsonValue, ProviderProfile, Refusal, RefusalClass } from './profile/types.ts';
export type { ScenarioDefinition, ScenarioHandle, ScenarioView, SharedScenarioHandle } from './behaviour/scenarios/handle.ts';
export { answerKinds as scenarioAnswers } from './behaviour/scenarios/definition.ts';
export type { SandboxOptions } from './options.ts';

/** Where a shared sandbox keeps its state (startSandbox({ databaseUrl })). */
export type DatabaseOptions = {
  /**
   * Keep the state in this PostgreSQL database (postgres://user:password@host:port/database)
   * instead of memory: shared by every sandbox pointed at it, kept across restarts. The
   * schema is created or migrated at start.
   */
  databaseUrl: string;
  /** Records created more than this many days ago are purged (at start, then hourly). Default: kept. */
  retentionDays?: number;
  /** The most connections this sandbox opens to the database. Default 10. */
  databasePoolSize?: number;
};

/** The options of a sandbox whose state is in PostgreSQL. */
export type SharedSandboxOptions = SandboxOptions & DatabaseOptions;

export type RunningSandbox = {
  url: string;
  /** The name of the provider profile played, if any. */
  profile: string | undefined;
  /** Where the state is kept: 'memory' or 'postgres'. */
  store: SandboxStore['kind'];
  /** Arms, lists and clears failure scenarios, as /sandbox/scenarios does for the caller's key. */
  scenarios: ScenarioHandle;
  close(): Promise<void>;
};

/** A sandbox whose state is in PostgreSQL: its scenarios handle answers once the database has. */
export type RunningSharedSandbox = Omit<RunningSandbox, 'scenarios'> & { scenarios: SharedScenarioHandle };

// With a database the scenarios handle answers with promises; without one, at once (as it always has).
export function startSandbox(options: SharedSandboxOptions): Promise<RunningSharedSandbox>;
export function startSandbox(options?: SandboxOptions & { databaseUrl?: undefined }): Promise<RunningSandbox>;
export function startSandbox(options?: SandboxOptions & Partial<DatabaseOptions>): Promise<RunningSandbox | RunningSharedSandbox>;
export async function startSandbox(options: SandboxOptions & Partial<DatabaseOptions> = {}): Promise<RunningSandbox | RunningSharedSandbox> {
  const { host, port, settings } = withSandboxDefaults(options);
  const apiKeys = Object.keys(settings.apiKeys);
  const operationIds = listOperations(loadBundledDocument()).map((entry) => entry.operationId);
  let store: SandboxStore;
  let scenarios: ScenarioHandle | SharedScenarioHandle;
  if (options.databaseUrl === undefined) {
    const memory = new MemoryStore();
    store = memory;
    scenarios = scenarioHandle(memory.book, apiKeys, operationIds);
    armScenarios(scenarios, options.scenarios, apiKeys);
  } else {
    // Loaded only when asked for: the in-memory sandbox never loads the database client.
    const { PostgresStore } = await import('./store/postgres.ts');
    const shared = await PostgresStore.open({ url: options.databaseUrl, retentionDays: options.retentionDays, poolSize: options.databasePoolSize });
    store = shared;
    const handle = sharedScenarioHandle(shared.scenarios, apiKeys, operationIds);
    scenarios = handle;
    try {
      // A bad definition is refused before anything is armed; then, under the start lock, only keys with none armed get them.
      armScenarios(scenarioHandle(new MemoryStore().book, apiKeys, operationIds), options.scenarios, apiKeys);
      if (options.scenarios?.length) {
        await shared.underStartLock(async () => {
          for (const apiKey of apiKeys) {
            if ((await handle.list(apiKey)).length > 0) continue;
            for (const definition of options.scenarios!) await handle.arm(definition, apiKey);
          }
        });
      }
    } catch (error) {
      await shared.close();
      throw error;
    }
  }
  const context = createSandboxContext(settings, store);
  let app;
  try {
    app = await buildSandboxApp({ ...settings, context });
    await app.listen({ host, port });
  } catch (error) {
    await app?.close();
    await store.close();
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The sandbox is not listening on a TCP port');
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const listening = app;
  return {
    url: `http://${shownHost}:${address.port}`,
    profile: settings.profile?.profile.name,
    store: store.kind,
    scenarios: scenarios as ScenarioHandle,
    close: async () => {
      await listening.close();
      await store.close();
    },
  };
}
