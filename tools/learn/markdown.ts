// The traffic report for people, as Markdown. Every text in it that came from the traffic (a
// field name, a value, a message, an operation, a marker's words, a file name) is escaped, so a
// provider's `*`, `[…](…)`, `<tag>` or `|` is read as the character it is, never as markup.
import type { Evidence, TrafficReport } from './report-types.ts';
import { fieldName } from './summaries.ts';

/**
 * The text as one line of Markdown that reads as itself: line breaks become spaces (a list
 * item stays one item), and each character that starts markup inside a line — emphasis, code,
 * links and images, raw HTML and entities, table cells, strikethrough — is backslash-escaped.
 * The lines this page writes start with its own markup, so line-leading markup needs none.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>|~&!]/g, (c) => `\\${c}`);
}

const evidenceText = (evidence: Evidence[]) => evidence.map((e) => `${escapeMarkdown(e.file)}#${e.entry}`).join(', ');
const md = escapeMarkdown;

/** The report for people. */
export function renderMarkdown(report: TrafficReport): string {
  const lines = ['# What the traffic shows', ''];
  lines.push(`${report.exchanges} exchanges read${report.unmatched ? `, ${report.unmatched} of no operation of the spec left out` : ''}.`);
  const learnings = report.markers.reduce((n, m) => n + m.items.length, 0) + Object.values(report.unmarked).reduce((n, items) => n + items.length, 0);
  const inconclusive = report.inconclusive.reduce((n, item) => n + item.count, 0);
  lines.push(`${learnings} learning${learnings === 1 ? '' : 's'} (they fill or add to what the interface leaves open) and ${report.contradictions.length} contradiction${report.contradictions.length === 1 ? '' : 's'} (the published spec refuses them)${inconclusive ? `; ${inconclusive} inconclusive answer${inconclusive === 1 ? '' : 's'}` : ''}.`, '');
  if (report.contradictions.length) {
    lines.push('## Contradictions of the interface', '');
    for (const c of report.contradictions) lines.push(`- **${md(c.kind)}** in ${md(c.operationId)}${c.schema ? ` (${md(c.field ? fieldName(c) : c.schema)})` : ''}: ${md(c.detail)}, ${c.count}× — ${evidenceText(c.evidence)}`);
    lines.push('');
  }
  if (report.inconclusive.length) {
    lines.push('## Inconclusive answers (the provider did not decide: nothing is learned from them)', '');
    for (const item of report.inconclusive) lines.push(`- ${md(item.summary)} — ${evidenceText(item.evidence)}`);
    lines.push('');
  }
  lines.push('## Learnings, by unknown', '');
  for (const section of report.markers) {
    lines.push(`### ${md(section.location)} (\`${section.pointer}\`)`, '');
    for (const missing of section.missing) lines.push(`> ${md(missing)}`);
    lines.push('');
    for (const item of section.items) lines.push(`- ${md(item.summary)} — ${evidenceText(item.evidence)}`);
    lines.push('');
  }
  const operations = Object.keys(report.unmarked);
  if (operations.length) {
    lines.push('## Learnings no marker covers, by operation', '');
    for (const operation of operations) {
      lines.push(`### ${md(operation)}`, '');
      for (const item of report.unmarked[operation]!) lines.push(`- ${md(item.summary)} — ${evidenceText(item.evidence)}`);
      lines.push('');
    }
  }
  return lines.join('\n');
}
