// Where the contract tests run and with which credentials. Local targets (the sandbox
// and the Prism mock) are started by the runner; remote targets (staging, production)
// take their address and credentials from environment variables, and the runner refuses
// to start, naming what is missing, before any request is sent. Values are never printed.
import { isAbsolute, resolve } from 'node:path';
import { parseFlags } from '../../packages/sdk/src/cli/args.ts';
import { minimumSecretLength } from './dredd.ts';

export const targetNames = ['sandbox', 'mock', 'staging', 'production'] as const;
export type TargetName = (typeof targetNames)[number];

/** The environment variables a remote target reads. */
export const envNames = {
  stagingUrl: 'WALLET_API_STAGING_URL',
  productionUrl: 'WALLET_API_PRODUCTION_URL',
  apiKey: 'WALLET_API_KEY',
  signingSecret: 'WALLET_API_SIGNING_SECRET',
  signerModule: 'WALLET_API_SIGNER_MODULE',
} as const;

/** The credentials of the environment, as carried values of a command's writer (redactingWriter). */
export const environmentSecrets = (env: NodeJS.ProcessEnv): (string | undefined)[] => [env[envNames.apiKey], env[envNames.signingSecret]];

export const confirmProductionFlag = '--confirm-production';

/** How the hooks sign: the default HMAC with a secret, or an integrator-supplied signer module (absolute path). */
export type SigningConfig = { kind: 'secret'; secret: string } | { kind: 'module'; modulePath: string };

export type RemoteTarget = {
  name: 'staging' | 'production';
  baseUrl: string;
  apiKey: string;
  signing: SigningConfig;
  /** Production runs GET operations only. */
  readOnly: boolean;
};

export type ContractOptions = {
  target: TargetName;
  confirmProduction: boolean;
  /** Absolute path of the HAR file every exchange is appended to (--record). */
  record?: string;
  /** Check answers against the strict reading of the spec (--strict): objects closed where the interface lists their fields. */
  strict?: boolean;
};

export class TargetRefused extends Error {
  override name = 'TargetRefused';
}

/**
 * Parses `--target <name>` (default sandbox), `--confirm-production` and `--record FILE.har`
 * (a relative path is resolved against the directory npm was run from); refuses anything else.
 */
export function parseContractArgs(args: readonly string[], env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ContractOptions {
  const usage = `--target ${targetNames.join('|')} [${confirmProductionFlag}] [--record FILE.har] [--strict]`;
  const spec = { target: { type: 'string' }, 'confirm-production': { type: 'boolean' }, record: { type: 'string' }, strict: { type: 'boolean' } } as const;
  const flags = parseFlags(args, spec, usage, (m) => new TargetRefused(m));
  return {
    target: targetName(flags.target ?? 'sandbox'),
    confirmProduction: flags['confirm-production'] ?? false,
    ...(flags.record === undefined ? {} : { record: resolveFromInvocation(flags.record, env, cwd) }),
    ...(flags.strict ? { strict: true } : {}),
  };
}

/** A target name from the command line, or TargetRefused listing the names. */
export function targetName(value: string): TargetName {
  if (!(targetNames as readonly string[]).includes(value)) throw new TargetRefused(`--target must be one of ${targetNames.join(', ')}, not "${value}"`);
  return value as TargetName;
}

/**
 * The address and credentials of a remote target, from the environment. Throws
 * TargetRefused naming every missing variable (never their values) and, for production,
 * the missing confirmation flag. A signer module's path is made absolute here; the runner
 * loads and checks the module itself (loadSignerModule) before Dredd starts.
 */
export function resolveRemoteTarget(name: 'staging' | 'production', env: NodeJS.ProcessEnv, confirmProduction: boolean, cwd: string = process.cwd()): RemoteTarget {
  const problems: string[] = [];
  if (name === 'production' && !confirmProduction) {
    problems.push(`${confirmProductionFlag} (production is tested only when this flag is given explicitly)`);
  }
  const urlName = name === 'staging' ? envNames.stagingUrl : envNames.productionUrl;
  const present = (key: string) => typeof env[key] === 'string' && env[key]!.trim() !== '';
  if (!present(urlName)) problems.push(urlName);
  else if (!isHttpUrl(env[urlName]!)) problems.push(`${urlName} (set, but not an http(s) URL)`);
  // A credential too short to be masked without corrupting the output (see minimumSecretLength).
  const tooShort: string[] = [];
  if (!present(envNames.apiKey)) problems.push(envNames.apiKey);
  else if (env[envNames.apiKey]!.length < minimumSecretLength) tooShort.push(envNames.apiKey);
  if (!present(envNames.signingSecret) && !present(envNames.signerModule)) {
    problems.push(`${envNames.signingSecret} or ${envNames.signerModule}`);
  } else if (!present(envNames.signerModule) && env[envNames.signingSecret]!.length < minimumSecretLength) {
    tooShort.push(envNames.signingSecret);
  }
  const reasons = [
    ...(problems.length > 0 ? [`missing ${problems.join('; ')}`] : []),
    ...(tooShort.length > 0 ? [`${tooShort.join(' and ')} shorter than ${minimumSecretLength} characters (too short to be kept out of the output safely)`] : []),
  ];
  if (reasons.length > 0) {
    throw new TargetRefused(`refusing to run the contract tests against ${name}: ${reasons.join('; ')}`);
  }
  const signing: SigningConfig = present(envNames.signerModule)
    ? { kind: 'module', modulePath: resolveSignerModulePath(env[envNames.signerModule]!, env, cwd) }
    : { kind: 'secret', secret: env[envNames.signingSecret]! };
  return { name, baseUrl: env[urlName]!.replace(/\/+$/, ''), apiKey: env[envNames.apiKey]!, signing, readOnly: name === 'production' };
}

/**
 * Where a relative WALLET_API_SIGNER_MODULE is resolved: the directory the user ran npm
 * from (npm sets INIT_CWD to it and runs scripts from the package root), else cwd.
 */
export function signerModuleBaseDir(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): string {
  return env.INIT_CWD && env.INIT_CWD.trim() !== '' ? env.INIT_CWD : cwd;
}

export function resolveSignerModulePath(modulePath: string, env: NodeJS.ProcessEnv, cwd: string = process.cwd()): string {
  return resolveFromInvocation(modulePath, env, cwd);
}

/** A path the user typed, made absolute against the directory they ran npm from (see signerModuleBaseDir). */
export function resolveFromInvocation(path: string, env: NodeJS.ProcessEnv, cwd: string = process.cwd()): string {
  return isAbsolute(path) ? path : resolve(signerModuleBaseDir(env, cwd), path);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Set by the runner for the hooks process (no secrets: those travel in envNames). */
export const hookEnvNames = {
  /** "1" when only GET operations may run. */
  readOnly: 'WALLET_API_CONTRACT_READ_ONLY',
  /** Where the hooks write the per-transaction records (JSON) for the runner's checks. */
  reportPath: 'WALLET_API_CONTRACT_REPORT',
  /** The HAR file the hooks append every exchange to (--record), absolute. */
  recordPath: 'WALLET_API_CONTRACT_RECORD',
  /** "1" when answers are checked against the strict reading of the spec (--strict). */
  strict: 'WALLET_API_CONTRACT_STRICT',
} as const;
