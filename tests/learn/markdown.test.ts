// The traffic report for people reads the provider's words as words: a message, a field name
// or a file name holding Markdown or HTML renders as the characters it has, never as markup.
// The oracle is a CommonMark parser (markdown-it): the parsed page has no link, image, HTML,
// emphasis, code or strikethrough the report did not write itself, and each item's text reads
// back as the original.
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { escapeMarkdown, renderMarkdown } from '../../tools/learn/markdown.ts';
import type { LearnedItem, TrafficReport } from '../../tools/learn/report.ts';
import { summarise } from '../../tools/learn/summaries.ts';

const hostile = ['**loud** _and_ `code`', '[click](https://example.invalid) ![img](x.png)', '<img src=x onerror=alert(1)> &amp; &#60;', 'a | b | c', '~~gone~~ \\* escaped', 'two\nlines\r\nhere'];
const parser = new MarkdownIt({ html: true, linkify: false });

type Token = ReturnType<MarkdownIt['parseInline']>[number];
const flatten = (tokens: Token[]): Token[] => tokens.flatMap((t) => [t, ...flatten(t.children ?? [])]);

function report(message: string): TrafficReport {
  const item: LearnedItem = { kind: 'refusal', summary: '', operationId: 'createSwap', status: 400, message, seen: 1, answers: 1, evidence: [{ file: `rec${message}.har`, entry: 3 }], sources: [] };
  item.summary = summarise(item);
  return {
    exchanges: 1,
    unmatched: 0,
    markers: [],
    unmarked: { createSwap: [item] },
    contradictions: [{ kind: 'errorStatusOn2xx', operationId: 'createSwap', detail: message, count: 1, evidence: [{ file: 'r.har', entry: 1 }] }],
    inconclusive: [],
  };
}

describe('the Markdown report', () => {
  it.each(hostile)('renders the provider text %j as text', (message) => {
    const page = renderMarkdown(report(message));
    const tokens = flatten(parser.parse(page, {}));
    const markup = tokens.filter((t) => ['link_open', 'image', 'html_inline', 'html_block', 'em_open', 'code_inline', 's_open', 'table_open'].includes(t.type));
    expect(markup.map((t) => t.type)).toEqual([]);
    // Our own bold (the contradiction's kind) is the only strong emphasis.
    expect(tokens.filter((t) => t.type === 'strong_open')).toHaveLength(1);
    // Each item reads back as its text, the line breaks as spaces.
    const items = tokens.filter((t) => t.type === 'inline' && t.content.includes('—')).map((t) => flatten(t.children ?? []).filter((c) => c.type === 'text' || c.type === 'softbreak').map((c) => c.content).join(''));
    const oneLine = message.replace(/[\r\n]+/g, ' ');
    // The refusal quotes the message as JSON (its line breaks as \n); the contradiction gives it as a line.
    expect(items.some((text) => text.includes(JSON.stringify(message)))).toBe(true);
    expect(items.some((text) => text.includes(`${oneLine}, 1×`))).toBe(true);
    expect(items.some((text) => text.includes(`rec${oneLine}.har#3`))).toBe(true);
  });

  it('leaves plain words as they are', () => {
    expect(escapeMarkdown('Swap.rate: string, 2/2 Swap records (ok)')).toBe('Swap.rate: string, 2/2 Swap records (ok)');
  });
});
