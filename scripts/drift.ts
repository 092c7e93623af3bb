// Checks that every committed generated file equals a fresh regeneration. Usage: npm run drift
import { checkDrift } from '../src/drift/check.ts';

const results = checkDrift();
for (const r of results) process.stdout.write(`drift: ${r.fresh ? 'fresh' : 'STALE'}  ${r.path}${r.fresh ? '' : ` (run \`${r.fixWith}\` and commit it)`}\n`);
const stale = results.filter((r) => !r.fresh).length;
process.stdout.write(`drift: ${stale === 0 ? `${results.length} generated file(s) fresh` : `${stale} of ${results.length} generated file(s) stale`}\n`);
process.exitCode = stale === 0 ? 0 : 1;
