// The block each rebuild prints: what changed, lint's findings with file:line, what the
// sandbox and the docs did, the breaking-change gate's verdict against the last commit and
// the time it took. Short on purpose: a save that builds cleanly is five lines.
import { formatProblem } from './redocly.ts';
import type { GateVerdict, RebuildResult } from './rebuild.ts';

export type RebuildReport = {
  /** The build now served (the last good one when this rebuild failed). */
  build: number;
  /** The first build when the command starts, or one after saves. */
  trigger: 'start' | 'save';
  changed: string[];
  startedAt: Date;
  result: RebuildResult | { ok: false; problems: []; error: string };
  verdict: GateVerdict | undefined;
  elapsedMs: number;
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
/** At most this many problems are listed; the rest are counted. */
const listedProblems = 20;

export function reportRebuild({ build, trigger, changed, startedAt, result, verdict, elapsedMs }: RebuildReport): string {
  const errors = result.problems.filter((p) => p.severity === 'error');
  const warnings = result.problems.filter((p) => p.severity === 'warning');
  const shownChanges = changed.length > 3 ? `${changed.slice(0, 3).join(', ')} and ${changed.length - 3} more` : changed.join(', ');
  const lines = [`── ${startedAt.toTimeString().slice(0, 8)} ${trigger === 'start' ? 'first build' : shownChanges}`, `   lint: ${plural(errors.length, 'error')}, ${plural(warnings.length, 'warning')}`];
  const listed = [...errors, ...warnings];
  for (const problem of listed.slice(0, listedProblems)) lines.push(`     ${formatProblem(problem)}`);
  if (listed.length > listedProblems) lines.push(`     … and ${listed.length - listedProblems} more (npm run lint lists them all)`);
  if (result.ok) {
    const { operations, unimplemented, unrouted } = result.sandbox;
    lines.push(`   sandbox: ${operations} operations reloaded, state kept`);
    if (unimplemented.length) lines.push(`     no behaviour yet, answering 501: ${unimplemented.join(', ')}`);
    if (unrouted.length) lines.push(`     no longer in the spec, not routed (their records are kept): ${unrouted.join(', ')}`);
    lines.push(trigger === 'save' ? `   docs: build ${build} served, pages reloaded ${seconds(result.reloadMs)} after the save` : `   docs: build ${build} built in ${seconds(result.reloadMs)}`);
  } else {
    if (result.error) lines.push(`   ${result.error.split('\n').join('\n     ')}`);
    lines.push(build > 0 ? `   still serving build ${build}, the last good one; the docs page shows these problems` : '   still serving the committed bundle; the docs page shows these problems');
  }
  if (verdict) {
    const word = verdict.state === 'failed' ? 'BREAKING' : verdict.state === 'passed' ? (verdict.changes.length ? 'breaking, allowed' : 'not breaking') : verdict.state;
    lines.push(`   gate vs last commit: ${word}: ${verdict.summary}`);
    for (const change of verdict.changes) lines.push(`     ${change}`);
  }
  lines.push(`   took ${seconds(elapsedMs)}`);
  return `${lines.join('\n')}\n`;
}
