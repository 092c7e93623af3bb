// The options of startSandbox, in a module of their own: the app and its defaults read them
// without importing the entry point that imports them.
import type { ScenarioDefinition } from './behaviour/scenarios/handle.ts';
import type { ProviderProfile } from './profile/types.ts';
import type { SandboxTimeouts } from './timeouts.ts';

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
   * A provider profile to play (docs/sandbox.md, "Provider profiles"): the object, or
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
  /**
   * Failure scenarios armed at start for every API key (docs/sandbox.md, "Failure scenarios").
   * With a database, armed only for keys that have none armed there yet, so replicas and restarts do not arm them twice.
   */
  scenarios?: ScenarioDefinition[];
};
