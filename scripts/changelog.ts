// `npm run changelog -- [--base <git ref>]`: prints, as Markdown, what changed in the API
// description per operation since the bundle at <ref> (default: the latest v* tag, else the
// first commit): added, changed, removed, breaking marked. Paste it under the new version's
// heading in CHANGELOG.md. Exits 2 on a bad ref or when Optic fails.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { changelogBetween, renderChangelog } from '../tools/diff/changelog.ts';
import { bundlePathInRepo, readBundleAt } from '../tools/diff/gate.ts';
import { parseFlags } from '../packages/sdk/src/cli/args.ts';
import { repoRoot } from '../tools/support/repo.ts';

try {
  const flags = parseFlags(process.argv.slice(2), { base: { type: 'string' } }, 'npm run changelog -- [--base <git ref>]');
  const base = readBundleAt(flags.base === undefined ? {} : { base: flags.base });
  if (base.error) throw new Error(base.error);
  if (base.text === undefined) throw new Error(`no ${bundlePathInRepo} at ${base.label}`);
  const { changes, versions } = await changelogBetween(base.text, readFileSync(join(repoRoot, bundlePathInRepo), 'utf8'));
  process.stdout.write(renderChangelog(changes, { base: base.label, versions }));
} catch (error) {
  process.stderr.write(`changelog: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
