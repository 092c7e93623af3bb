// Redocly's `github-actions` lint output read as problems with file:line, and its notices dropped.
import { describe, expect, it } from 'vitest';
import { formatProblem, parseLintOutput } from '../../tools/dev/redocly.ts';
import { withoutNotices } from '../../tools/support/redocly.ts';

describe("reading Redocly's lint output", () => {
  it('reads errors and warnings with file, line, column, rule and the first paragraph of the message', () => {
    const output = [
      "validating openapi/openapi.yaml using lint rules for api 'main'...",
      '::error title=no-unresolved-refs,file=openapi/paths/api_v1_transactions.yaml,line=37,col=1::Failed to parse: deficient indentation (37:1)',
      '::warning title=rule/summary-sentence-case,file=openapi/paths/a%2Cb%3Ac.yaml,line=4,col=3,endLine=4,endColumn=20::Summaries are in sentence case%0A%0AReference: https://redocly.com/docs/cli/rules%0A%0A',
      '::error title=spec,file=openapi/openapi.yaml,line=2,col=1::100%25 wrong%0Asecond line',
      '❌ Validation failed with 2 errors.',
    ].join('\n');
    expect(parseLintOutput(output)).toEqual([
      { severity: 'error', file: 'openapi/paths/api_v1_transactions.yaml', line: 37, column: 1, rule: 'no-unresolved-refs', message: 'Failed to parse: deficient indentation (37:1)' },
      { severity: 'warning', file: 'openapi/paths/a,b:c.yaml', line: 4, column: 3, rule: 'rule/summary-sentence-case', message: 'Summaries are in sentence case' },
      { severity: 'error', file: 'openapi/openapi.yaml', line: 2, column: 1, rule: 'spec', message: '100% wrong\nsecond line' },
    ]);
  });

  it('finds nothing in a clean run', () => {
    expect(parseLintOutput('openapi/openapi.yaml: validated in 192ms\n\nWoohoo! Your API description is valid. 🎉\n')).toEqual([]);
  });

  it('prints one line per problem, file:line:column first', () => {
    expect(formatProblem({ severity: 'error', file: 'openapi/x.yaml', line: 3, column: 7, rule: 'spec', message: 'bad\nmore' })).toBe('openapi/x.yaml:3:7  error  spec  bad');
    expect(formatProblem({ severity: 'error', file: 'redocly.yaml', line: 0, column: 0, rule: 'redocly', message: 'crashed' })).toBe('redocly.yaml  error  redocly  crashed');
  });

  it("drops the CLI's boxed notices and keeps the rest", () => {
    expect(withoutNotices('╔══╗\n║  Node.js 20 support is ending  ║\n╚══╝\n\nbundling openapi/openapi.yaml...\n❌ bundle not created')).toBe('bundling openapi/openapi.yaml...\n❌ bundle not created');
  });
});
