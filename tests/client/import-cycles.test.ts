// No module of the packages or the tools imports itself through others, types included: a cycle makes what a
// module sees at load time depend on which one was imported first, and ties modules that
// should stand apart (the client and its paging, the sandbox's app, defaults and entry
// point). Imports are read by TypeScript's own pre-processor (ts.preProcessFile).
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/run.ts';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every cycle of relative imports among the .ts files under `folder` (or under its `parts`), as lists of paths relative to it (Tarjan's strongly connected components). */
function importCycles(folder: string, parts: string[] = ['.']): string[][] {
  const files = new Set(parts.flatMap((part) => sourceFiles(join(folder, part))));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    edges.set(file, importedFiles.map((ref) => ref.fileName).filter((name) => name.startsWith('.')).map((name) => resolve(dirname(file), name)).filter((target) => files.has(target)));
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    for (const next of edges.get(file)!) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) === index.get(file)) {
      const component = stack.splice(stack.indexOf(file));
      if (component.length > 1 || edges.get(file)!.includes(file)) cycles.push(component.map((path) => relative(folder, path)).sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

describe('imports', () => {
  it('have no cycle anywhere in the packages or the tools, type imports included', () => {
    expect(importCycles(repoRoot, ['packages/sdk/src', 'packages/sandbox/src', 'tools'])).toEqual([]);
  });

  it('are read with their cycles found (the check above can fail)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    writeFileSync(join(folder, 'a.ts'), "import { b } from './b.ts';\nexport const a = b;\n");
    writeFileSync(join(folder, 'b.ts'), "import type { C } from './c.ts';\nexport const b: C = 1;\n");
    writeFileSync(join(folder, 'c.ts'), "export type { A } from './a.ts';\nexport type C = number;\n");
    writeFileSync(join(folder, 'd.ts'), "import { a } from './a.ts';\nexport const d = a;\n");
    expect(importCycles(folder)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
