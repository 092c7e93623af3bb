// The CommonJS entry points of an ES module package: for every export whose `require`
// condition names an `x.cjs`, a one-line CommonJS module that require()s the ES module `x.js`
// its `import` condition names.
//
// Why: the code exists once, as ES modules; Node 20.19+ require()s them natively, so a
// CommonJS backend and an ES module one share the same module instance (one WalletApiError
// class, no dual-package hazard). The `require` condition still has to name a CommonJS file:
// its types are the `.d.cts` twins (scripts/commonjs-declarations.ts), which TypeScript and
// the package linters (publint, @arethetypeswrong/cli) read as describing a CommonJS module,
// and a require() condition resolving to an ES module is what they call a false CommonJS entry.
import { existsSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

type Conditions = { import?: { default?: unknown }; require?: { default?: unknown } };

/** Writes the `.cjs` entry of every export of `manifest` into `folder` (the package root); returns the files written. */
export function writeCommonJsEntries(folder: string, manifest: { exports?: Record<string, unknown> }): string[] {
  const written: string[] = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (typeof target !== 'object' || target === null) continue;
    const { import: esm, require: cjs } = target as Conditions;
    if (typeof cjs?.default !== 'string') continue;
    const esmFile = esm?.default;
    if (typeof esmFile !== 'string' || !cjs.default.endsWith('.cjs') || !esmFile.endsWith('.js') || cjs.default.replace(/\.cjs$/, '.js') !== esmFile) {
      throw new Error(`exports["${subpath}"]: the require condition must name the .cjs twin of the import condition's .js file (found ${String(cjs.default)} and ${String(esmFile)})`);
    }
    if (!existsSync(join(folder, esmFile))) throw new Error(`exports["${subpath}"]: ${esmFile} was not built`);
    const file = join(folder, cjs.default);
    writeFileSync(file, `'use strict';\n// The ES module itself: require() of it returns the same module instance as import.\nmodule.exports = require('./${basename(esmFile)}');\n`);
    written.push(file);
  }
  return written;
}
