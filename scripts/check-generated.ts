// Checks that every committed generated file equals a fresh regeneration. Usage: npm run check:generated
// (`npm run drift` runs this too for one more release, saying it is deprecated: "drift" now
// names only the client's watch of the provider's answers.)
import { checkGeneratedFiles } from '../src/generated-files/check.ts';

if (process.argv.includes('--deprecated-name')) {
  process.stderr.write('check:generated: `npm run drift` is deprecated and will be removed in the next release; run `npm run check:generated`\n');
}
const results = await checkGeneratedFiles();
for (const r of results) process.stdout.write(`check:generated: ${r.fresh ? 'fresh' : 'STALE'}  ${r.path}${r.fresh ? '' : ` (run \`${r.fixWith}\` and commit it)`}\n`);
const stale = results.filter((r) => !r.fresh).length;
process.stdout.write(`check:generated: ${stale === 0 ? `${results.length} generated file(s) fresh` : `${stale} of ${results.length} generated file(s) stale`}\n`);
process.exitCode = stale === 0 ? 0 : 1;
