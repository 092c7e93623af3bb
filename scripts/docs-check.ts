// `npm run docs:check [-- --dir DIR]`: the docs site as a static host serves it (default
// dist/docs, which `npm run docs` writes): every internal link and anchor resolves and the
// page requests nothing beyond the folder (tools/release/docs-site.ts). Exits 1 on a problem.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { defaultDocsPath } from '../tools/docs/build.ts';
import { docsSiteProblems } from '../tools/release/docs-site.ts';
import { parseFlags } from '../packages/sdk/src/cli/args.ts';

try {
  const { dir } = parseFlags(process.argv.slice(2), { dir: { type: 'string' } }, 'npm run docs:check -- [--dir DIR]');
  const folder = dir === undefined ? dirname(defaultDocsPath) : resolve(process.env.INIT_CWD ?? process.cwd(), dir);
  if (!existsSync(resolve(folder, 'index.html'))) throw new Error(`${folder} has no index.html: run npm run docs first`);
  const { problems, links, routes, anchors } = await docsSiteProblems(folder);
  for (const problem of problems) process.stdout.write(`docs:check: the site ${problem}\n`);
  process.stdout.write(`docs:check: ${problems.length === 0 ? `ok: ${links} internal links (${routes} to sections, ${anchors} anchors) resolve, no request beyond ${folder}` : `${problems.length} problem(s) in ${folder}`}\n`);
  process.exitCode = problems.length === 0 ? 0 : 1;
} catch (error) {
  process.stderr.write(`docs:check: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
