// Loads an integrator-supplied signer module: a module exporting a `Signer` as default or
// as `signer`, named by WALLET_API_SIGNER_MODULE. Shared by the contract runs and the
// `wallet-api` command line, so both accept the same modules and refuse the same mistakes.
import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Signer } from './index.ts';

export const signerModuleVariable = 'WALLET_API_SIGNER_MODULE';

/** A signer module that cannot be used; the message names the variable and the problem, never the module's source. */
export class SignerModuleError extends Error {
  override name = 'SignerModuleError';
}

/**
 * Imports a signer module and returns its Signer. Throws SignerModuleError naming the
 * problem: no such file, the import failed (only the error's name and code: its message
 * may quote the module's source), or no Signer function exported as default or `signer`.
 */
export async function loadSignerModule(absolutePath: string): Promise<Signer> {
  const refuse = (problem: string) => new SignerModuleError(`${signerModuleVariable} ${problem}`);
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
