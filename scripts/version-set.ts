// `npm run version:set -- X.Y.Z`: writes the kit's version to VERSION and stamps it into every
// package of every language (tools/codegen/kit-version.ts lists where). Without an argument,
// stamps VERSION's own version again (after adding a client, or to repair a stale stamp).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kitVersion, stampedTexts, versionFilePath } from '../tools/codegen/kit-version.ts';
import { repoRoot } from '../tools/support/repo.ts';

const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith('-')) {
  process.stderr.write('version:set: usage: npm run version:set -- [X.Y.Z]\n');
  process.exit(2);
}
try {
  const version = args[0] ?? kitVersion();
  // Every file is stamped in memory first: a file without a place for the version stops the
  // command before anything is written.
  const texts = stampedTexts(version);
  writeFileSync(versionFilePath, `${version}\n`);
  for (const [path, text] of texts) writeFileSync(join(repoRoot, path), text);
  process.stdout.write(`version:set: ${version} in VERSION and ${[...texts.keys()].join(', ')}\n`);
} catch (error) {
  process.stderr.write(`version:set: ${(error as Error).message}\n`);
  process.exit(1);
}
