// CommonJS twins of a package's type declarations: for every `x.d.ts`, an `x.d.cts` with the
// same text, its relative imports pointing at the other twins.
//
// Why: the packages are ES modules only, and Node 20.19+ require()s them natively, so a
// CommonJS backend gets the one and only copy of the code. TypeScript under
// `--module node16` (and `node18`, and `nodenext` before TypeScript 5.8) still models a
// Node that cannot require() an ES module and refuses the import (TS1479) when the types it
// finds for the `require` condition are ES module declarations (`.d.ts` in a
// "type": "module" package). The manifests point that condition's `types` at these twins,
// which TypeScript reads as CommonJS: they describe what require() returns (the module's
// named exports; none of the packages has a default export), so the types stay true.
// Every file in the graph needs a twin (generated/schema.d.ts included): a CommonJS
// declaration may not import an ES module one, not even for types.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** Writes `x.d.cts` beside every `x.d.ts` under folder; returns the twins written. */
export function writeCommonJsDeclarations(folder: string): string[] {
  const written: string[] = [];
  for (const file of declarationsUnder(folder)) {
    const twin = file.replace(/\.d\.ts$/, '.d.cts');
    writeFileSync(twin, commonJsTwin(readFileSync(file, 'utf8'), file));
    written.push(twin);
  }
  return written;
}

function declarationsUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return declarationsUnder(path);
    return entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The declaration text with each relative module specifier moved to its twin. */
export function commonJsTwin(text: string, fileName: string): string {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const specifiers: ts.StringLiteral[] = [];
  const visit = (node: ts.Node): void => {
    const specifier = moduleSpecifierOf(node);
    if (specifier && specifier.text.startsWith('.')) specifiers.push(specifier);
    ts.forEachChild(node, visit);
  };
  visit(source);
  // From the end, so the earlier positions stay valid.
  let result = text;
  for (const specifier of specifiers.reverse()) {
    result = `${result.slice(0, specifier.getStart(source) + 1)}${twinSpecifier(specifier.text, fileName)}${result.slice(specifier.getEnd() - 1)}`;
  }
  return result;
}

/** import/export … from '…', import x = require('…'), and import('…') in a type. */
function moduleSpecifierOf(node: ts.Node): ts.StringLiteral | undefined {
  if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) return node.moduleSpecifier;
  if (ts.isExternalModuleReference(node) && ts.isStringLiteral(node.expression)) return node.expression;
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) return node.argument.literal;
  return undefined;
}

/**
 * './a.ts' and './a.d.ts' → '.cts', './a.js' → '.cjs'; CommonJS and JSON files stay; anything
 * else (an extensionless or .mts import) would reach an ES module declaration.
 */
function twinSpecifier(specifier: string, fileName: string): string {
  if (/\.ts$/.test(specifier)) return specifier.replace(/\.ts$/, '.cts');
  if (/\.js$/.test(specifier)) return specifier.replace(/\.js$/, '.cjs');
  if (/\.(cts|cjs|json)$/.test(specifier)) return specifier;
  throw new Error(`${fileName} imports '${specifier}', which has no CommonJS twin: give relative imports a .ts or .js extension`);
}
