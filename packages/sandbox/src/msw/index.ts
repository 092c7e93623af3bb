// `@wallet-api/sandbox/msw`: the sandbox as MSW request handlers, for unit tests that
// intercept fetch in-process (msw/node's setupServer) instead of starting a server. Every
// request under baseUrl is answered by the same app startSandbox serves over HTTP (built
// with the same defaults), so signatures are verified, records are kept and the answers are
// the bytes the HTTP sandbox sends; requests elsewhere are left to MSW (onUnhandledRequest).
// msw is an optional peer dependency of this package: only this entry imports it.
import type { FastifyInstance } from 'fastify';
import { http, type HttpHandler } from 'msw';
import { buildSandboxApp } from '../app.ts';
import { withSandboxDefaults } from '../defaults.ts';
import type { SandboxOptions } from '../index.ts';
import { answerInProcess } from './answer-in-process.ts';
import { armScenarios, scenarioHandle, type ScenarioHandle } from '../behaviour/scenarios/handle.ts';
import { listOperations } from '../../../sdk/src/spec/openapi.ts';
import { loadBundledDocument } from '../spec/document.ts';
import { resettableContext } from './resettable-context.ts';

export type SandboxHandlersOptions = Pick<SandboxOptions, 'apiKeys' | 'dataPath' | 'deterministic' | 'timestampWindowSeconds' | 'profile' | 'validateResponses' | 'rejectReplays' | 'scenarios'> & {
  /**
   * The origin the client under test is given, e.g. `http://sandbox.test`: any name works,
   * nothing resolves or listens. Requests under it are answered by the sandbox.
   */
  baseUrl: string;
};

/**
 * The handlers (spread them into setupServer or server.use), plus the sandbox's lifecycle.
 * An array, so `setupServer(...sandbox)` reads as with any other handlers.
 */
export type SandboxHandlers = HttpHandler[] & {
  /** The origin answered, as given. */
  readonly baseUrl: string;
  /** Resolves once the app is built (the first request waits for it anyway); rejects if it cannot be. */
  ready(): Promise<void>;
  /** Forgets every record and every armed scenario of every API key and restarts deterministic ids, e.g. in afterEach. */
  reset(): void;
  /** Arms, lists and clears failure scenarios (connection faults become fetch's network errors). */
  readonly scenarios: ScenarioHandle;
  /** Closes the app; a request after it is answered by MSW as an unhandled exception (500). */
  close(): Promise<void>;
};

export function sandboxHandlers(options: SandboxHandlersOptions): SandboxHandlers {
  const { baseUrl, ...sandboxOptions } = options;
  const origin = originOf(baseUrl);
  // Defaults and the profile's checks as startSandbox applies them; a bad option throws here.
  const { settings } = withSandboxDefaults(sandboxOptions);
  const state = resettableContext(settings);
  const scenarios = scenarioHandle(state.store.book, Object.keys(settings.apiKeys), listOperations(loadBundledDocument()).map((entry) => entry.operationId));
  const armAtStart = () => armScenarios(scenarios, sandboxOptions.scenarios, Object.keys(settings.apiKeys));
  armAtStart();
  const built = buildSandboxApp({ ...settings, context: state.context, inProcess: true });
  // Whoever awaits ready() or sends a request sees a failed build; no unhandled rejection meanwhile.
  built.catch(() => undefined);
  let closed = false;

  const app = async (): Promise<FastifyInstance> => {
    if (closed) throw new Error(`The sandbox at ${origin} is closed`);
    return built;
  };
  const handler = http.all(`${origin}/*`, async ({ request }) => answerInProcess(await app(), request));

  return Object.assign([handler], {
    baseUrl,
    ready: async () => {
      await built;
    },
    scenarios,
    reset: () => {
      state.reset();
      // What the handlers were created with is armed again, as at the start.
      armAtStart();
    },
    close: async () => {
      closed = true;
      await (await built).close();
    },
  });
}

/** The sandbox serves the API at the root of its origin, so baseUrl must be an origin. */
function originOf(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`sandboxHandlers: baseUrl ${JSON.stringify(baseUrl)} is not a URL`);
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new Error(`sandboxHandlers: baseUrl must be an http(s) origin such as http://sandbox.test (the sandbox serves the API at its root), not ${JSON.stringify(baseUrl)}`);
  }
  return url.origin;
}
