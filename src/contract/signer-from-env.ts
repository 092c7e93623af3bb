// The signer the contract hooks use: an integrator-supplied module (a module exporting a
// `Signer` as default or as `signer`) when WALLET_API_SIGNER_MODULE is set, otherwise the
// shared HMAC-SHA256 signer with WALLET_API_SIGNING_SECRET. The runner loads the module
// once before Dredd starts, so a wrong path or export is refused up front instead of
// surfacing as every transaction failing.
import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { hmacSha256, type Signer } from '../signing/index.ts';
import { envNames, resolveSignerModulePath, TargetRefused } from './targets.ts';

/**
 * Imports a signer module and returns its Signer. Throws TargetRefused naming the problem:
 * no such file, the import failed (only the error's name and code: its message may quote
 * the module's source), or no Signer function exported as default or `signer`.
 */
export async function loadSignerModule(absolutePath: string): Promise<Signer> {
  const refuse = (problem: string) => new TargetRefused(`${envNames.signerModule} ${problem}`);
  let isFile = false;
  try {
    isFile = statSync(absolutePath).isFile();
  } catch {
    // Reported below as "no file".
  }
  if (!isFile) throw refuse(`names no file: ${absolutePath} (a relative path is resolved against the directory npm was run from)`);
  let loaded: { default?: unknown; signer?: unknown };
  try {
    loaded = (await import(pathToFileURL(absolutePath).href)) as typeof loaded;
  } catch (error) {
    const { name, code } = error instanceof Error ? (error as Error & { code?: unknown }) : { name: typeof error, code: undefined };
    throw refuse(`${absolutePath} could not be loaded (${name}${typeof code === 'string' ? ` ${code}` : ''}; run it with tsx to see why)`);
  }
  const signer = typeof loaded.default === 'function' ? loaded.default : loaded.signer;
  if (typeof signer !== 'function') {
    throw refuse(`${absolutePath} exports no Signer function (as default or as "signer")`);
  }
  return signer as Signer;
}

export async function signerFromEnv(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): Promise<Signer> {
  const modulePath = env[envNames.signerModule];
  if (modulePath) return loadSignerModule(resolveSignerModulePath(modulePath, env, cwd));
  const secret = env[envNames.signingSecret];
  if (!secret) throw new Error(`set ${envNames.signingSecret} or ${envNames.signerModule}`);
  return hmacSha256({ secret });
}
