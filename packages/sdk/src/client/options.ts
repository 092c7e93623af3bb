// Options of createClient and their checks. The environment, its base address, the API key
// and the signer are given, or read from the WALLET_API_* variables (environment-variables.ts);
// production is never a default.
import { distinctInstants, processInstants, type Signer } from '../signing/index.ts';
import { driftSettings, type DriftSettings } from './drift/settings.ts';
import type { DriftMode, DriftOptions } from './drift/types.ts';
import { warnOncePerFinding } from './drift/warnings.ts';
import { defaultPolicy, type RedactionRules } from '../privacy/index.ts';
import { redactOption } from './redact-option.ts';
import { ConfigurationError } from './errors.ts';
import { environmentReader, type EnvironmentRecord } from './environment-variables.ts';
import type { Logger, LogLevel } from './logging.ts';
import { headerValueRule, isHeaderValue } from './header-value.ts';
import { sdkVersion } from '../version.ts';

/**
 * Which environment the client talks to. Staging and production addresses are issued at
 * onboarding, so each needs its `baseUrl`; `custom` is for the local sandbox or mock.
 */
export type EnvironmentName = 'staging' | 'production' | 'custom';

/** Retries of GET requests. POSTs are never retried: they move value and have no idempotency key. */
export type RetryOptions = {
  /** Total attempts including the first (at least 1). */
  attempts: number;
  /** Delay before the first retry; doubles on each further retry. Default 100 ms. */
  initialDelayMs?: number;
  /** Upper bound of one delay. Default 2000 ms. */
  maxDelayMs?: number;
  /** HTTP statuses worth retrying. Default 429, 502, 503, 504. */
  retryOnStatus?: readonly number[];
};

/**
 * The options of `createClient`. `environment`, `baseUrl`, `apiKey` and `signer` not given are
 * read from `WALLET_API_ENVIRONMENT`, `WALLET_API_BASE_URL`, `WALLET_API_KEY` and
 * `WALLET_API_SIGNING_SECRET` (docs/configuration.md); what is given wins, one by one.
 */
export type ClientOptions = {
  /** Default: `WALLET_API_ENVIRONMENT`. Never defaults to production. */
  environment?: EnvironmentName;
  /** Base address of the environment, e.g. the staging address issued at onboarding. Default: `WALLET_API_BASE_URL`. */
  baseUrl?: string;
  /** Sent as x-api-key. Default: `WALLET_API_KEY`. */
  apiKey?: string;
  /**
   * Computes x-signature. The provider has not published its algorithm: pass
   * `hmacSha256({ secret })` (what the sandbox verifies) or your own signer. Default:
   * `hmacSha256` with the secret in `WALLET_API_SIGNING_SECRET`.
   */
  signer?: Signer;
  /**
   * Where the options not given are read: default `process.env`. Tests pass a record of
   * their own. Read only while the client is made; the client keeps none of it.
   */
  env?: EnvironmentRecord;
  /** Timeout of each attempt, in milliseconds. Default 30 000. */
  timeoutMs?: number;
  /** GET retries; off unless set. */
  retry?: RetryOptions;
  /**
   * The largest response body the client reads, in bytes. A larger one ends the call with
   * an `InvalidResponseError` and is not read further (a Content-Length over the limit is
   * refused before any of the body is read). Default 4 MiB (`defaultMaxResponseBytes`).
   */
  maxResponseBytes?: number;
  /**
   * Your product token(s), e.g. `"acme-payouts/4.2"`, appended to the User-Agent the client
   * always sends (`wallet-api-sdk/<version> node/<version>`); it never replaces it.
   */
  userAgent?: string;
  /**
   * Clock for x-timestamp (tests inject a fixed one). Default `() => new Date()`. Every request
   * is signed at a distinct millisecond: the clock's, or a millisecond after the last
   * timestamp issued when the clock has not moved past it. Without `now` that sequence is the
   * process's, shared by every client; with it, the client's own.
   */
  now?: () => Date;
  /**
   * Your own additions to the privacy policy, given once for everything this client writes:
   * more identifier `fields` (matched whatever their spelling), secret `headers`, and
   * `patterns` of personal values masked inside any text. The client's one policy (the
   * built-in rules plus these) masks its errors (`unwrap`'s and paging's too), its log lines,
   * its drift events, what `recordTraffic` records of its calls and the OpenTelemetry spans
   * of its calls (docs/privacy.md).
   */
  redact?: RedactionRules;
  /** The fetch implementation. Default the global fetch, as it is at each call (so a client made before MSW's `server.listen()` or a test's stub goes through it). */
  fetch?: typeof globalThis.fetch;
  /**
   * The client holds API credentials and refuses to start where a browser global exists.
   * Set this only when the "browser" is really a server-side runtime that defines one.
   */
  dangerouslyAllowBrowser?: boolean;
  /**
   * The drift watch: checks answers against the spec the client was built from, with
   * validators compiled at build time: a mode, or options. Off unless set; a call's own
   * `drift` is resolved over it.
   */
  drift?: DriftMode | DriftOptions;
  /**
   * Where the client writes what it does: any logger with debug, info, warn and error
   * (pino, winston, console). Silent unless given. See `logLevel`.
   */
  logger?: Logger;
  /**
   * The least severe level written, default `info`: `info` one line per call (operation,
   * status, duration, attempts); `warn` each retry and drift finding; `error` each failure
   * with its kind; `debug` each request's and answer's headers and bodies, through the
   * privacy policy (no key, signature, password or personal identifier). `off`: nothing.
   */
  logLevel?: LogLevel;
};

export type ResolvedOptions = {
  environment: EnvironmentName;
  baseUrl: string;
  apiKey: string;
  signer: Signer;
  timeoutMs: number;
  retry: Required<RetryOptions> | undefined;
  maxResponseBytes: number;
  /** The full User-Agent: the client's own tokens, then the integrator's. */
  userAgent: string;
  now: () => Date;
  /** The instant each request is signed at: never the same millisecond twice (processInstants, or the client's own over `now`). */
  signingInstant: () => Date;
  /** The `fetch` option, or undefined for the global fetch, read at each call. */
  fetch: typeof globalThis.fetch | undefined;
  /** The client's drift watch; a call's `drift` option is resolved over it. */
  drift: DriftSettings;
};

/**
 * 4 MiB: far above any answer of the API's size (a page of transactions is tens of KiB),
 * far below what would hurt a backend's memory if a server or a proxy misbehaved.
 */
export const defaultMaxResponseBytes = 4 * 1024 * 1024;

const environments: readonly EnvironmentName[] = ['staging', 'production', 'custom'];
export const defaultTimeoutMs = 30_000;
const defaultRetryStatuses = [429, 502, 503, 504] as const;

/** The tokens every request's User-Agent starts with, e.g. `wallet-api-sdk/0.1.0 node/20.19.5`. */
export const clientUserAgent = `wallet-api-sdk/${sdkVersion} node/${globalThis.process?.versions?.node ?? 'unknown'}`;

/** True where a browser-like global exists (window, document, or a web worker scope). */
export function browserGlobalPresent(scope: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): boolean {
  return scope.window !== undefined || scope.document !== undefined || typeof scope.importScripts === 'function';
}

export function resolveOptions(options: ClientOptions): ResolvedOptions {
  if (!options || typeof options !== 'object') throw new ConfigurationError('options must be an object (environment, baseUrl, apiKey, signer, …), or none at all to read every one from the environment');
  if (browserGlobalPresent() && options.dangerouslyAllowBrowser !== true) {
    throw new ConfigurationError(
      'a browser global (window, document or a worker scope) exists. This client holds API credentials and must run only on your backend; ' +
        'pass dangerouslyAllowBrowser: true only if this is really a server-side runtime.',
    );
  }
  // Each option is read (given, or from its variable) and checked before the next is read;
  // a refusal names the variable when the value came from one.
  const read = environmentReader(options);
  const given = read('environment');
  if (!environments.includes(given.value as EnvironmentName)) {
    const choice = `one of ${environments.map((e) => `"${e}"`).join(', ')}`;
    throw new ConfigurationError(given.name === 'environment' ? `environment must be chosen explicitly: ${choice}` : `${given.name} must be ${choice}`);
  }
  const environment = given.value as EnvironmentName;
  const address = read('baseUrl');
  const baseUrl = checkBaseUrl(environment, address.value, address.name);
  const key = read('apiKey');
  if (typeof key.value !== 'string' || key.value.trim() === '') throw new ConfigurationError(`${key.name} is required (a non-empty string)`);
  // Checked here, once: the key is sent as x-api-key on every request. Never quoted back.
  if (!isHeaderValue(key.value)) throw new ConfigurationError(`${key.name} is not a valid HTTP header value (${headerValueRule})`);
  const apiKey = key.value;
  const signer = read('signer').value;
  if (typeof signer !== 'function') {
    throw new ConfigurationError('signer is required: a function computing x-signature, e.g. hmacSha256({ secret })');
  }
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  checkTimeout(timeoutMs, 'timeoutMs');
  if (options.userAgent !== undefined && (typeof options.userAgent !== 'string' || !isHeaderValue(options.userAgent))) {
    throw new ConfigurationError(`userAgent must be a valid HTTP header value (${headerValueRule})`);
  }
  const maxResponseBytes = options.maxResponseBytes ?? defaultMaxResponseBytes;
  if (!Number.isSafeInteger(maxResponseBytes) || maxResponseBytes < 1) throw new ConfigurationError('maxResponseBytes must be a positive whole number of bytes');
  if (typeof (options.fetch ?? globalThis.fetch) !== 'function') throw new ConfigurationError('no fetch implementation: pass options.fetch');
  // The client's one privacy policy: the built-in rules plus `redact`.
  const policy = options.redact === undefined ? defaultPolicy : defaultPolicy.extend(redactOption(options.redact, 'redact'));
  return {
    environment,
    baseUrl,
    apiKey,
    signer: signer as Signer,
    timeoutMs,
    retry: options.retry === undefined ? undefined : resolveRetry(options.retry),
    maxResponseBytes,
    userAgent: options.userAgent === undefined ? clientUserAgent : `${clientUserAgent} ${options.userAgent}`,
    now: options.now ?? (() => new Date()),
    signingInstant: options.now === undefined ? processInstants : distinctInstants(options.now),
    fetch: options.fetch,
    // One default onDrift per client: its warnings are once per distinct finding of this client.
    // The drift watch starts from the client's policy; its deprecated `redact` extends it, and
    // drift.policy is the client's one policy from there on (createClient reads it).
    drift: driftSettings(options.drift, { mode: 'off', sampleRate: 1, onDrift: warnOncePerFinding(), policy, watchFailure: { warned: false } }, 'drift'),
  };
}

export function checkTimeout(value: unknown, name: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw new ConfigurationError(`${name} must be a positive number of milliseconds`);
}

export function resolveRetry(retry: RetryOptions): Required<RetryOptions> {
  if (!Number.isInteger(retry.attempts) || retry.attempts < 1) throw new ConfigurationError('retry.attempts must be an integer of at least 1');
  const resolved = {
    attempts: retry.attempts,
    initialDelayMs: retry.initialDelayMs ?? 100,
    maxDelayMs: retry.maxDelayMs ?? 2000,
    retryOnStatus: retry.retryOnStatus ?? defaultRetryStatuses,
  };
  if (!(resolved.initialDelayMs >= 0) || !(resolved.maxDelayMs >= resolved.initialDelayMs)) {
    throw new ConfigurationError('retry delays must satisfy 0 <= initialDelayMs <= maxDelayMs');
  }
  return resolved;
}

/** `name`: what a refusal calls the value, `baseUrl` or the variable it was read from. */
function checkBaseUrl(environment: EnvironmentName, value: unknown, name: string): string {
  // The address is never quoted back: it could carry credentials.
  if (typeof value !== 'string' || !URL.canParse(value)) throw new ConfigurationError(`${name} of the ${environment} environment must be an absolute URL`);
  const url = new URL(value);
  if (url.username || url.password) throw new ConfigurationError(`${name} must not contain credentials`);
  if (url.search || url.hash) throw new ConfigurationError(`${name} must not contain a query or fragment`);
  const allowed = environment === 'custom' ? ['http:', 'https:'] : ['https:'];
  if (!allowed.includes(url.protocol)) {
    throw new ConfigurationError(`${name} of the ${environment} environment must use ${allowed.join(' or ')}`);
  }
  return url.href.replace(/\/+$/, '');
}
