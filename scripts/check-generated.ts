// Checks that every committed generated file equals a fresh regeneration. Usage: npm run check:generated
// (`npm run drift` runs this too for one more release, saying it is deprecated: "drift" now
// names only the client's watch of the provider's answers.)
import { checkGeneratedFiles } from '../tools/generated-files/check.ts';

if (process.argv.includes('--deprecated-name')) {
  process.stderr.write('check:generated: `npm run drift` is deprecated and will be removed in the next release; run `npm run check:generated`\n');
}
const results = await checkGeneratedFiles();
for (const r of results) {
  const line = r.notChecked !== undefined ? `NOT CHECKED  ${r.path} (${r.notChecked})` : `${r.fresh ? 'fresh' : 'STALE'}  ${r.path}${r.fresh ? '' : ` (run \`${r.fixWith}\` and commit it)`}`;
  process.stdout.write(`check:generated: ${line}\n`);
}
// A file that could not be regenerated here is neither fresh nor stale: counted apart, visibly.
const notChecked = results.filter((r) => r.notChecked !== undefined).length;
const stale = results.filter((r) => !r.fresh && r.notChecked === undefined).length;
const checked = results.length - notChecked;
const apart = notChecked === 0 ? '' : `; ${notChecked} NOT CHECKED (toolchain absent, see above)`;
process.stdout.write(`check:generated: ${stale === 0 ? `${checked} generated file(s) fresh` : `${stale} of ${checked} generated file(s) stale`}${apart}\n`);
process.exitCode = stale === 0 ? 0 : 1;
