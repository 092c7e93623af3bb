// The sandbox: a stateful, in-memory implementation of the service's behaviour on
// loopback, for contract tests and for integrators' local development.
import { buildSandboxApp, createSandboxContext } from './app.ts';
import { armScenarios, scenarioHandle, type ScenarioHandle } from './behaviour/scenarios/handle.ts';
import { listOperations } from '../spec/openapi.ts';
import { loadBundledDocument } from '../spec/document.ts';
import { withSandboxDefaults } from './defaults.ts';
import type { ProviderProfile } from './profile/types.ts';
import type { ScenarioDefinition } from './behaviour/scenarios/handle.ts';
import type { SandboxTimeouts } from './timeouts.ts';

export { defaultSandboxHost, defaultSandboxPort, defaultSandboxUrl, defaultTimestampWindowSeconds, demoCredentials } from './defaults.ts';
export { defaultSandboxTimeouts, type SandboxTimeouts } from './timeouts.ts';
export type { Contradiction, JsonValue, ProviderProfile, Refusal, RefusalClass } from './profile/types.ts';
export type { ScenarioDefinition, ScenarioHandle, ScenarioView } from './behaviour/scenarios/handle.ts';
export { answerKinds as scenarioAnswers } from './behaviour/scenarios/definition.ts';

export type SandboxOptions = {
  host?: string;
  /** 0 or omitted: a free port. */
  port?: number;
  /** API key → signing secret. Default: the demo credentials. */
  apiKeys?: Record<string, string>;
  /** Discovery data file. Default: data.json next to this module. */
  dataPath?: string;
  /** Counter ids and a fixed clock on records, so runs are reproducible. */
  deterministic?: boolean;
  /** Accepted distance between x-timestamp and the sandbox's clock. Default: the profile's, else 300. */
  timestampWindowSeconds?: number;
  /**
   * A provider profile to play (src/sandbox/README.md, "Provider profiles"): the object, or
   * the path of its JSON file. Checked at start; a bad one is refused naming the field.
   */
  profile?: ProviderProfile | string;
  /** When set, GET /docs serves this file. */
  docsHtmlPath?: string;
  logger?: boolean;
  /** JSON lines (default), or one readable line per request (method, path, status, ms) for a terminal. */
  logStyle?: 'json' | 'readable';
  /**
   * Validate every JSON answer against the spec before sending it; an answer outside the
   * spec becomes a 500 naming the violation. Default: off (it costs a parse and a validation
   * per answer); test suites turn it on.
   */
  validateResponses?: boolean;
  /**
   * Refuse, with 401, a second request carrying the same API key, x-timestamp and
   * x-signature while the timestamp is inside the window. The sandbox's own rule (the
   * interface publishes none). Default off.
   */
  rejectReplays?: boolean;
  /** Overrides of the connection timeouts, in milliseconds. Default defaultSandboxTimeouts. */
  timeouts?: Partial<SandboxTimeouts>;
  /** Failure scenarios armed at start for every API key (src/sandbox/README.md, "Failure scenarios"). */
  scenarios?: ScenarioDefinition[];
};

export type RunningSandbox = {
  url: string;
  /** The name of the provider profile played, if any. */
  profile: string | undefined;
  /** Arms, lists and clears failure scenarios, as /sandbox/scenarios does for the caller's key. */
  scenarios: ScenarioHandle;
  close(): Promise<void>;
};

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const { host, port, settings } = withSandboxDefaults(options);
  const context = createSandboxContext(settings);
  const scenarios = scenarioHandle(context.store.scenarios, Object.keys(settings.apiKeys), listOperations(loadBundledDocument()).map((entry) => entry.operationId));
  armScenarios(scenarios, options.scenarios, Object.keys(settings.apiKeys));
  const app = await buildSandboxApp({ ...settings, context });
  try {
    await app.listen({ host, port });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The sandbox is not listening on a TCP port');
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { url: `http://${shownHost}:${address.port}`, profile: settings.profile?.profile.name, scenarios, close: () => app.close() };
}
