// Writes the Java client's generated sources (tools/codegen/java-client.ts) and removes any
// generated file the spec no longer makes. Usage: node --import tsx clients/java/codegen/generate.ts
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { javaSourceRoot, renderJavaClient } from '../../../tools/codegen/java-client.ts';
import { repoRoot } from '../../../tools/support/repo.ts';

// --out-dir DIR writes the files under DIR (paths from the repository root) instead, to compare.
const outAt = process.argv.indexOf('--out-dir');
const root = outAt === -1 ? repoRoot : process.argv[outAt + 1]!;
const files = renderJavaClient();
const generatedMark = '// Generated from generated/openapi.json by tools/codegen/java-client.ts';

/** The files under the source root that a previous run generated. */
function generatedOnDisk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return generatedOnDisk(path);
    return entry.name.endsWith('.java') && readFileSync(path, 'utf8').startsWith(generatedMark) ? [relative(repoRoot, path)] : [];
  });
}

mkdirSync(join(root, javaSourceRoot), { recursive: true });
if (root === repoRoot) for (const stale of generatedOnDisk(join(repoRoot, javaSourceRoot))) if (!files.has(stale)) rmSync(join(repoRoot, stale));
for (const [path, text] of files) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
process.stdout.write(`java-client: ${files.size} files under ${javaSourceRoot}\n`);
