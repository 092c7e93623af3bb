// The environment variables createClient reads for the options not given: the same four
// every language's client reads, so one .env drives them all (docs/configuration.md).
// An option given explicitly always wins over its variable; an empty variable is not set.
import { hmacSha256 } from '../signing/index.ts';
import { ConfigurationError } from './errors.ts';

/** Each option read from the environment, and the variable it is read from. */
export const environmentVariables = {
  environment: 'WALLET_API_ENVIRONMENT',
  baseUrl: 'WALLET_API_BASE_URL',
  apiKey: 'WALLET_API_KEY',
  /** The default signer, `hmacSha256`, is made from it. */
  signer: 'WALLET_API_SIGNING_SECRET',
} as const;

/** A record of environment variables (`process.env`'s shape). */
export type EnvironmentRecord = Readonly<Record<string, string | undefined>>;

type Readable = keyof typeof environmentVariables;

/** An option as given or read, and the name a refusal of it gives: the option's, or the variable's it was read from. */
export type Read = { value: unknown; name: string };

/** `process.env` where there is one (Node, Deno, Bun), nothing elsewhere. */
function processEnvironment(): EnvironmentRecord {
  return (globalThis as { process?: { env?: EnvironmentRecord } }).process?.env ?? {};
}

/**
 * Reads the options not given (undefined) from `env` (default `process.env`), one at a time,
 * so that each is checked before the next is read. A needed value neither given nor set is
 * refused naming the variable. No value is ever quoted. The signing secret becomes the
 * default signer, `hmacSha256`.
 */
export function environmentReader(given: { environment?: unknown; baseUrl?: unknown; apiKey?: unknown; signer?: unknown; env?: unknown }): (option: Readable) => Read {
  const env = given.env === undefined ? processEnvironment() : given.env;
  if (env === null || typeof env !== 'object' || Array.isArray(env)) throw new ConfigurationError('env must be an object of environment variables (default process.env)');
  return (option) => {
    if (given[option] !== undefined) return { value: given[option], name: option };
    const variable = environmentVariables[option];
    const value = (env as EnvironmentRecord)[variable];
    if (typeof value !== 'string' || value === '') {
      const how = option === 'signer' ? 'signer was given (e.g. hmacSha256({ secret }))' : `${option} was given`;
      throw new ConfigurationError(`${variable} is not set and no ${how}`);
    }
    return { value: option === 'signer' ? hmacSha256({ secret: value }) : value, name: variable };
  };
}
