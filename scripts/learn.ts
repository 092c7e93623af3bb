// `npm run learn -- TRAFFIC.har… [--format md|json] [--out FILE]`: what recorded traffic shows
// about the provider, against the bundled spec (src/learn). Exit 0 when it only fills or adds
// to what the interface leaves open, 1 when anything contradicts the interface, 2 on a usage
// or input problem.
// `npm run learn -- TRAFFIC.har… --propose [--min-samples N]`: writes what the traffic
// carries into the spec's source under openapi/ for review (src/learn/proposal); the same
// exit codes.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readHarExchanges } from '../src/learn/har-input.ts';
import { defaultMinSamples, propose, renderProposal } from '../src/learn/proposal/index.ts';
import { buildReport, renderMarkdown } from '../src/learn/report.ts';
import { loadBundledDocument } from '../src/spec/document.ts';
import { parseCommandLine } from '../src/support/args.ts';
import { repoRoot } from '../src/support/repo.ts';

const usage = 'npm run learn -- TRAFFIC.har… [--format md|json] [--out FILE] [--propose [--min-samples N]]';
const invocationDir = process.env.INIT_CWD ?? process.cwd();
const userPath = (path: string) => resolve(invocationDir, path);

try {
  const spec = { format: { type: 'string' }, out: { type: 'string' }, propose: { type: 'boolean' }, 'min-samples': { type: 'string' } } as const;
  const { flags, positionals } = parseCommandLine(process.argv.slice(2), spec, usage, { positionals: true });
  const format = flags.format ?? 'md';
  if (format !== 'md' && format !== 'json') throw new Error(`--format must be md or json, not ${JSON.stringify(format)} (usage: ${usage})`);
  if (positionals.length === 0) throw new Error(`name at least one recorded traffic file (usage: ${usage})`);
  if (flags['min-samples'] !== undefined && !flags.propose) throw new Error(`--min-samples goes with --propose (usage: ${usage})`);
  const minSamples = flags['min-samples'] === undefined ? defaultMinSamples : Number(flags['min-samples']);
  if (!Number.isInteger(minSamples) || minSamples < 1) throw new Error(`--min-samples must be a whole number from 1, not ${JSON.stringify(flags['min-samples'])}`);
  const exchanges = positionals.flatMap((file) => readHarExchanges(userPath(file)).map((exchange) => ({ ...exchange, source: { ...exchange.source, file } })));
  const document = loadBundledDocument();
  const report = buildReport(document, exchanges);
  let text: string;
  if (flags.propose) {
    const proposal = propose(report, document, join(repoRoot, 'openapi', 'openapi.yaml'), minSamples);
    text = format === 'json' ? `${JSON.stringify({ ...proposal, written: proposal.written }, null, 2)}\n` : renderProposal(proposal, report, minSamples, invocationDir);
  } else text = format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : renderMarkdown(report);
  if (flags.out) writeFileSync(userPath(flags.out), text);
  else process.stdout.write(text);
  process.exitCode = report.contradictions.length > 0 ? 1 : 0;
} catch (error) {
  process.stderr.write(`learn: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
