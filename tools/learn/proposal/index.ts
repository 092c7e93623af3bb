// `npm run learn -- TRAFFIC… --propose`: the spec change a traffic report carries, written
// into the split source under openapi/ for review (never into generated/). See claims.ts for
// what may be claimed, apply.ts for where each claim goes, markers.ts for the markers.
import { relative } from 'node:path';
import type { OpenApiDocument } from '../../../packages/sdk/src/spec/openapi.ts';
import type { TrafficReport } from '../report.ts';
import { ProposalWriter, type AppliedClaim } from './apply.ts';
import { claimsOf, defaultMinSamples, defaultRequiredEvidence, type NotProposed, type RequiredEvidence } from './claims.ts';
import { SourceFiles } from './source-files.ts';

export { defaultMinSamples, defaultRequiredEvidence, type RequiredEvidence } from './claims.ts';

export type Proposal = { applied: AppliedClaim[]; notProposed: NotProposed[]; written: string[] };

/** Writes what the report carries into the source whose root file is `specRoot`. */
export function propose(report: TrafficReport, bundled: OpenApiDocument, specRoot: string, minSamples: number = defaultMinSamples, requiredEvidence: RequiredEvidence = defaultRequiredEvidence): Proposal {
  const { claims, notProposed } = claimsOf(report, minSamples, requiredEvidence);
  const sources = new SourceFiles(specRoot);
  const applied = new ProposalWriter(bundled, sources).apply(claims);
  return { applied, notProposed, written: sources.save() };
}

/**
 * What the proposal kept back and why, in a paragraph: values the policy masks are never
 * proposed; examples and refusal messages keep only their masked form; evidence names files
 * relative to the repository, or by their name alone.
 */
function privacyNote(proposal: Proposal, withheld: number): string {
  const masked = proposal.applied.filter(({ claim }) => claim.masked).length;
  return [
    withheld === 0 ? 'No value or field name was withheld.' : `${withheld} learning${withheld === 1 ? '' : 's'} withheld (below): the privacy policy masks ${withheld === 1 ? 'its value or field name' : 'their values or field names'} (a secret, a personal identifier, or a value a request carried), and a mask is not a value to document.`,
    masked === 0 ? '' : `${masked} claim${masked === 1 ? '' : 's'} written with examples or refusal messages masked by the policy (identifiers keep their shape, secrets read [redacted]).`,
    'Evidence names the recorded files relative to the repository, or by their name alone: no path of the machine that recorded.',
  ].filter(Boolean).join(' ');
}

/** The proposal for people: what changed where, what was left out and why, what to run next. */
export function renderProposal(proposal: Proposal, report: TrafficReport, minSamples: number, cwd: string, requiredEvidence: RequiredEvidence = defaultRequiredEvidence): string {
  const lines = ['# Proposed spec change', ''];
  if (proposal.written.length === 0) lines.push('Nothing to propose: the traffic shows nothing the spec does not already say.', '');
  else {
    lines.push(`Claims need at least ${minSamples} samples each; a field is required only when every record of at least ${requiredEvidence.records}, in at least ${requiredEvidence.answers} answers on at least ${requiredEvidence.recordings} recordings, had it. Files changed (review with \`git diff openapi/\`):`, '');
    for (const file of proposal.written) lines.push(`- ${relative(cwd, file)}`);
    lines.push('', '## Claims', '');
    for (const { change } of proposal.applied) lines.push(`- ${change}`);
    lines.push('');
  }
  const withheld = proposal.notProposed.filter((item) => item.withheld);
  const short = proposal.notProposed.filter((item) => !item.withheld);
  if (short.length) {
    lines.push('## Not proposed', '');
    for (const item of short) lines.push(`- ${item.summary}: ${item.reason}`);
    lines.push('');
  }
  lines.push('## Withheld by the privacy policy', '');
  lines.push(privacyNote(proposal, withheld.length), '');
  for (const item of withheld) lines.push(`- ${item.summary}`);
  if (withheld.length) lines.push('');
  const inconclusive = report.inconclusive.reduce((n, item) => n + item.count, 0);
  if (inconclusive) {
    lines.push(`## ${inconclusive} inconclusive answer${inconclusive === 1 ? '' : 's'}, not evidence of anything`, '');
    for (const item of report.inconclusive) lines.push(`- ${item.summary}`);
    lines.push('');
  }
  if (report.contradictions.length) {
    lines.push(`## ${report.contradictions.length} contradiction${report.contradictions.length === 1 ? '' : 's'} of the interface, not proposed`, '');
    lines.push('What the interface documents is never changed from traffic: take these to the provider (`npm run learn` without --propose lists them).', '');
  }
  if (proposal.written.length) lines.push('Next: `npm run bundle && npm run generate`, then `npm run diff` classifies the change and `npm run changelog` lists it.', '');
  return lines.join('\n');
}
