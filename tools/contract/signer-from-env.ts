// The signer the contract hooks use: an integrator-supplied module (a module exporting a
// `Signer` as default or as `signer`) when WALLET_API_SIGNER_MODULE is set, otherwise the
// shared HMAC-SHA256 signer with WALLET_API_SIGNING_SECRET. The runner loads the module
// once before Dredd starts, so a wrong path or export is refused up front instead of
// surfacing as every transaction failing. The loader itself is shared with the command line.
import { hmacSha256, type Signer } from '../../packages/sdk/src/signing/index.ts';
import { loadSignerModule as loadModule, SignerModuleError } from '../../packages/sdk/src/signing/signer-module.ts';
import { envNames, resolveSignerModulePath, TargetRefused } from './targets.ts';

/** Imports a signer module (see packages/sdk/src/signing/signer-module.ts); a module that cannot be used is a TargetRefused. */
export async function loadSignerModule(absolutePath: string): Promise<Signer> {
  try {
    return await loadModule(absolutePath);
  } catch (error) {
    throw error instanceof SignerModuleError ? new TargetRefused(error.message) : error;
  }
}

export async function signerFromEnv(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): Promise<Signer> {
  const modulePath = env[envNames.signerModule];
  if (modulePath) return loadSignerModule(resolveSignerModulePath(modulePath, env, cwd));
  const secret = env[envNames.signingSecret];
  if (!secret) throw new Error(`set ${envNames.signingSecret} or ${envNames.signerModule}`);
  return hmacSha256({ secret });
}
