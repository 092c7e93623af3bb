// Where the command line sends a call and with which credentials. A target is the local
// sandbox or mock (`--base-url`, a loopback address only), or staging/production (`--env`,
// with WALLET_API_BASE_URL). Without either, WALLET_API_ENVIRONMENT chooses as the clients'
// does (docs/configuration.md): staging or production is that --env, custom is WALLET_API_BASE_URL
// as a --base-url.
// With neither and no credentials in the environment it is the local sandbox with its demo
// credentials; the demo credentials go nowhere else. Values are never printed.
import { isAbsolute, resolve } from 'node:path';
import { hmacSha256, type Signer } from '../signing/index.ts';
import { loadSignerModule, signerModuleVariable, SignerModuleError } from '../signing/signer-module.ts';

export const envNames = {
  environment: 'WALLET_API_ENVIRONMENT',
  baseUrl: 'WALLET_API_BASE_URL',
  apiKey: 'WALLET_API_KEY',
  signingSecret: 'WALLET_API_SIGNING_SECRET',
  signerModule: signerModuleVariable,
} as const;

/** The sandbox's default address and its demo credentials (not secrets: printed by `npm start`). */
export const defaultSandboxUrl = 'http://127.0.0.1:4020';
export const demoCredentials = { apiKey: 'sandbox-demo-key', secret: 'sandbox-demo-secret' } as const;

export type Environment = 'staging' | 'production' | 'custom';

export type Target = {
  environment: Environment;
  baseUrl: string;
  apiKey: string;
  /** Loads the signer; called only once the call is known to be allowed. */
  signer: () => Promise<Signer>;
  /** The secrets of this target, kept out of every line the command writes. */
  secrets: string[];
  /** Set when the demo credentials are used: the notice written to stderr. */
  demoNotice: string | undefined;
};

/** A refusal of the command line's input or configuration (exit code 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * `--base-url` reaches a sandbox or mock on this machine only. Any other address may be a
 * real environment, whose calls move value: those go through `--env` (and, for a POST to
 * production, `--confirm-production`), never through an address typed on the command line.
 * The address is never quoted back: it could carry credentials.
 */
function checkLocalAddress(value: string, from: 'option' | 'variable' = 'option'): void {
  const url = URL.canParse(value.trim()) ? new URL(value.trim()) : undefined;
  const name = from === 'option' ? '--base-url' : envNames.baseUrl;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new UsageError(`${name} must be an absolute http URL, e.g. http://127.0.0.1:4020`);
  if (!isLoopback(url.hostname)) {
    throw new UsageError(
      from === 'option'
        ? '--base-url is for a local sandbox or mock, at a loopback address; use --env staging or --env production with WALLET_API_BASE_URL for any other address'
        : `${envNames.baseUrl} is for a local sandbox or mock, at a loopback address, when ${envNames.environment} is custom; set ${envNames.environment} to staging or production for any other address`,
    );
  }
}

/**
 * What WALLET_API_ENVIRONMENT stands for when neither --env nor --base-url is given:
 * staging or production is that --env; custom is WALLET_API_BASE_URL as a --base-url (a
 * loopback address only, as --base-url is). Unset: nothing. The value is never quoted.
 */
function targetOfEnvironmentVariable(env: NodeJS.ProcessEnv): { env: 'staging' | 'production' } | { custom: string | undefined } | undefined {
  if (!present(env, envNames.environment)) return undefined;
  const environment = env[envNames.environment]!.trim();
  if (environment === 'staging' || environment === 'production') return { env: environment };
  if (environment !== 'custom') throw new UsageError(`${envNames.environment} must be staging, production or custom (or unset, with --env or --base-url)`);
  if (!present(env, envNames.baseUrl)) return { custom: undefined };
  checkLocalAddress(env[envNames.baseUrl]!, 'variable');
  return { custom: env[envNames.baseUrl]!.trim() };
}

/** 127.0.0.0/8, ::1 or localhost, as the WHATWG URL parser writes a host (IPv4 in dotted decimal, IPv6 in brackets). */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

const present = (env: NodeJS.ProcessEnv, name: string) => typeof env[name] === 'string' && env[name]!.trim() !== '';

export function resolveTarget(given: { baseUrl: string | undefined; env: string | undefined }, env: NodeJS.ProcessEnv, cwd: string): Target {
  if (given.env !== undefined && given.env !== 'staging' && given.env !== 'production') {
    throw new UsageError(`--env must be staging or production, not ${JSON.stringify(given.env)} (use --base-url for a local sandbox or mock)`);
  }
  if (given.env && given.baseUrl !== undefined) throw new UsageError('give either --env or --base-url, not both');
  if (given.baseUrl !== undefined) checkLocalAddress(given.baseUrl);
  // The options win over WALLET_API_ENVIRONMENT; without them it chooses as they would.
  const fromVariable = given.env || given.baseUrl !== undefined ? undefined : targetOfEnvironmentVariable(env);
  if (fromVariable && 'custom' in fromVariable && fromVariable.custom === undefined) throw new UsageError(`missing ${envNames.baseUrl} for ${envNames.environment} custom (a local sandbox or mock)`);
  const options = fromVariable === undefined ? given : 'env' in fromVariable ? { env: fromVariable.env, baseUrl: undefined } : { env: undefined, baseUrl: fromVariable.custom };
  const hasKey = present(env, envNames.apiKey);
  const hasSigning = present(env, envNames.signingSecret) || present(env, envNames.signerModule);

  if (!options.env && options.baseUrl === undefined) {
    if (present(env, envNames.baseUrl)) {
      throw new UsageError(`${envNames.baseUrl} is set but --env is not, nor ${envNames.environment}: pass --env staging or --env production, or set ${envNames.environment} (or --base-url for a local sandbox or mock)`);
    }
    if (!hasKey && !hasSigning) {
      return {
        environment: 'custom',
        baseUrl: defaultSandboxUrl,
        apiKey: demoCredentials.apiKey,
        signer: async () => hmacSha256({ secret: demoCredentials.secret }),
        secrets: [],
        demoNotice: `No target or credentials given: calling the local sandbox at ${defaultSandboxUrl} with its demo credentials (start it with npm start or wallet-api-sandbox).`,
      };
    }
  }

  const environment: Environment = (options.env as Environment | undefined) ?? 'custom';
  const baseUrl = options.env ? env[envNames.baseUrl] : (options.baseUrl ?? defaultSandboxUrl);
  const missing = [
    ...(options.env && !present(env, envNames.baseUrl) ? [envNames.baseUrl] : []),
    ...(hasKey ? [] : [envNames.apiKey]),
    ...(hasSigning ? [] : [`${envNames.signingSecret} or ${envNames.signerModule}`]),
  ];
  if (missing.length > 0) {
    const where = options.env ?? `${baseUrl} (the demo credentials are used only for ${defaultSandboxUrl} with no target given)`;
    throw new UsageError(`missing ${missing.join('; ')} for ${where}`);
  }
  const apiKey = env[envNames.apiKey]!;
  const secret = env[envNames.signingSecret];
  const modulePath = present(env, envNames.signerModule) ? env[envNames.signerModule]!.trim() : undefined;
  return {
    environment,
    baseUrl: baseUrl!.trim(),
    apiKey,
    signer: async () => {
      if (!modulePath) return hmacSha256({ secret: secret! });
      try {
        return await loadSignerModule(isAbsolute(modulePath) ? modulePath : resolve(cwd, modulePath));
      } catch (error) {
        throw error instanceof SignerModuleError ? new UsageError(error.message) : error;
      }
    },
    secrets: [apiKey, ...(secret ? [secret] : [])],
    demoNotice: undefined,
  };
}
