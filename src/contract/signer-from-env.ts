// The signer the contract hooks use: an integrator-supplied module (a module exporting a
// `Signer` as default or as `signer`) when WALLET_API_SIGNER_MODULE is set, otherwise the
// shared HMAC-SHA256 signer with WALLET_API_SIGNING_SECRET.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hmacSha256, type Signer } from '../signing/index.ts';
import { envNames } from './targets.ts';

export async function signerFromEnv(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): Promise<Signer> {
  const modulePath = env[envNames.signerModule];
  if (modulePath) {
    const loaded = (await import(pathToFileURL(resolve(cwd, modulePath)).href)) as { default?: unknown; signer?: unknown };
    const signer = typeof loaded.default === 'function' ? loaded.default : loaded.signer;
    if (typeof signer !== 'function') {
      throw new Error(`${envNames.signerModule} must name a module exporting a Signer function (as default or as "signer")`);
    }
    return signer as Signer;
  }
  const secret = env[envNames.signingSecret];
  if (!secret) throw new Error(`set ${envNames.signingSecret} or ${envNames.signerModule}`);
  return hmacSha256({ secret });
}
