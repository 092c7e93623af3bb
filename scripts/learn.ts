// `npm run learn -- TRAFFIC.har… [--format md|json] [--out FILE]`: what recorded traffic shows
// about the provider, against the bundled spec (src/learn). Exit 0 when it only fills or adds
// to what the interface leaves open, 1 when anything contradicts the interface, 2 on a usage
// or input problem.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readHarExchanges } from '../src/learn/har-input.ts';
import { buildReport, renderMarkdown } from '../src/learn/report.ts';
import { loadBundledDocument } from '../src/spec/document.ts';
import { parseCommandLine } from '../src/support/args.ts';

const usage = 'npm run learn -- TRAFFIC.har… [--format md|json] [--out FILE]';
const userPath = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

try {
  const { flags, positionals } = parseCommandLine(process.argv.slice(2), { format: { type: 'string' }, out: { type: 'string' } }, usage, { positionals: true });
  const format = flags.format ?? 'md';
  if (format !== 'md' && format !== 'json') throw new Error(`--format must be md or json, not ${JSON.stringify(format)} (usage: ${usage})`);
  if (positionals.length === 0) throw new Error(`name at least one recorded traffic file (usage: ${usage})`);
  const exchanges = positionals.flatMap((file) => readHarExchanges(userPath(file)).map((exchange) => ({ ...exchange, source: { ...exchange.source, file } })));
  const report = buildReport(loadBundledDocument(), exchanges);
  const text = format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : renderMarkdown(report);
  if (flags.out) writeFileSync(userPath(flags.out), text);
  else process.stdout.write(text);
  process.exitCode = report.contradictions.length > 0 ? 1 : 0;
} catch (error) {
  process.stderr.write(`learn: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
