// The learn command (`npm run learn`, scripts/learn.ts): what recorded traffic shows about the
// provider against the bundled spec, as a report or (--propose) a proposal written into the
// spec's source. Its arguments, its output and its exit code: see scripts/learn.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { checkRedactionRules, defaultPolicy, redactingWriter, type PrivacyPolicy } from '../../packages/sdk/src/privacy/index.ts';
import { streamHarExchanges } from './har-input.ts';
import { defaultMinSamples, defaultRequiredEvidence, propose, renderProposal, type RequiredEvidence } from './proposal/index.ts';
import { renderMarkdown } from './markdown.ts';
import { ReportBuilder } from './report.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { parseCommandLine } from '../../packages/sdk/src/cli/args.ts';
import { NotHarError } from '../../packages/sdk/src/traffic/har-file.ts';
import { repoRoot } from '../support/repo.ts';

/** Where the command writes and where its relative paths start (npm's INIT_CWD: where npm was run). */
export type LearnIo = { stdout: (text: string) => void; stderr: (text: string) => void; cwd: string };

const usage = 'npm run learn -- TRAFFIC.har… [--format md|json] [--out FILE] [--redact RULES.yaml] [--propose [--min-samples N] [--required-records N] [--required-answers N] [--required-recordings N]]';

/** How the report and the proposal name a recorded file: relative to the repository, else by its name; never a path of this machine. */
function sourceLabel(file: string, userPath: (path: string) => string): string {
  const inRepo = relative(repoRoot, userPath(file));
  return inRepo !== '' && !inRepo.startsWith('..') && !isAbsolute(inRepo) ? inRepo : basename(file);
}

/** The policy with the rules of `--redact FILE`, refused with a clear message when the file is not such rules. */
function policyOf(file: string | undefined, userPath: (path: string) => string): PrivacyPolicy {
  if (file === undefined) return defaultPolicy;
  let text: string;
  try {
    text = readFileSync(userPath(file), 'utf8');
  } catch (error) {
    throw new Error(`--redact ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).name})`);
  }
  let rules: unknown;
  try {
    // YAML reads JSON too.
    rules = parseYaml(text);
  } catch (error) {
    throw new Error(`--redact ${file} is neither JSON nor YAML (${(error as Error).message.split('\n')[0]})`);
  }
  return defaultPolicy.extend(checkRedactionRules(rules ?? {}, `--redact ${file}`));
}

/** Runs the command; resolves with its exit code (0, 1 on a contradiction of the interface, 2 on a usage or input problem). */
export async function learnCommand(argv: readonly string[], io: LearnIo): Promise<number> {
  const userPath = (path: string) => resolve(io.cwd, path);
  try {
    const spec = { format: { type: 'string' }, out: { type: 'string' }, propose: { type: 'boolean' }, 'min-samples': { type: 'string' }, 'required-records': { type: 'string' }, 'required-answers': { type: 'string' }, 'required-recordings': { type: 'string' }, redact: { type: 'string' } } as const;
    const { flags, positionals } = parseCommandLine([...argv], spec, usage, { positionals: true });
    const format = flags.format ?? 'md';
    if (format !== 'md' && format !== 'json') throw new Error(`--format must be md or json, not ${JSON.stringify(format)} (usage: ${usage})`);
    if (positionals.length === 0) throw new Error(`name at least one recorded traffic file (usage: ${usage})`);
    const wholeNumber = (flag: 'min-samples' | 'required-records' | 'required-answers' | 'required-recordings', fallback: number) => {
      const given = flags[flag];
      if (given === undefined) return fallback;
      if (!flags.propose) throw new Error(`--${flag} goes with --propose (usage: ${usage})`);
      const value = Number(given);
      if (!/^\d+$/.test(given) || !Number.isSafeInteger(value) || value < 1) throw new Error(`--${flag} must be a whole number from 1, not ${JSON.stringify(given)}`);
      return value;
    };
    const minSamples = wholeNumber('min-samples', defaultMinSamples);
    const requiredEvidence: RequiredEvidence = {
      records: wholeNumber('required-records', defaultRequiredEvidence.records),
      answers: wholeNumber('required-answers', defaultRequiredEvidence.answers),
      recordings: wholeNumber('required-recordings', defaultRequiredEvidence.recordings),
    };
    const policy = policyOf(flags.redact, userPath);
    const document = loadBundledDocument();
    // Each file is read as a stream into the report, which keeps what it shows and no exchange.
    const builder = new ReportBuilder(document, policy);
    const add = (exchange: Parameters<ReportBuilder['add']>[0]) => builder.add(exchange);
    const problems: string[] = [];
    let read = 0;
    for (const file of positionals) {
      try {
        const reading = await streamHarExchanges(userPath(file), add, { label: sourceLabel(file, userPath), policy });
        read += reading.entries;
        problems.push(...reading.problems);
      } catch (error) {
        // A file that is not recorded traffic at all: named, and the other files are still read.
        if (!(error instanceof NotHarError) && (error as NodeJS.ErrnoException).code === undefined) throw error;
        problems.push(error instanceof NotHarError ? error.message : `${sourceLabel(file, userPath)} cannot be read (${(error as NodeJS.ErrnoException).code})`);
      }
    }
    // Nothing could be read: no report, only what is wrong.
    if (read === 0 && problems.length > 0) throw new Error(problems.join('\nlearn: '));
    const report = builder.finish();
    let text: string;
    if (flags.propose) {
      const proposal = propose(report, document, join(repoRoot, 'openapi', 'openapi.yaml'), minSamples, requiredEvidence);
      // Written files relative to the repository, as the Markdown names them.
      text = format === 'json' ? `${JSON.stringify({ ...proposal, written: proposal.written.map((file) => relative(repoRoot, file)) }, null, 2)}\n` : renderProposal(proposal, report, minSamples, repoRoot, requiredEvidence);
    } else text = format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : renderMarkdown(report);
    if (flags.out) writeFileSync(userPath(flags.out), text);
    else io.stdout(text);
    let exitCode = report.contradictions.length > 0 ? 1 : 0;
    if (problems.length > 0) {
      // The report above holds every entry that could be read; what could not is named, and the exit says so.
      const write = redactingWriter((line) => io.stderr(line));
      for (const problem of problems) write(`learn: ${problem}\n`);
      write(`learn: the report covers the ${read} entries read; the entries named above are not in it\n`);
      exitCode = 2;
    }
    return exitCode;
  } catch (error) {
    // A message may quote a file's content (a YAML parser's, say): through the policy.
    redactingWriter((text) => io.stderr(text))(`learn: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}
