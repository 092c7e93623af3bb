import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { collectUnknowns, unknownsChecklist } from '../../tools/spec/unknowns.ts';
import { notShownStatements } from './not-shown-statements.ts';

const interfacePath = fileURLToPath(new URL('../../../shared/service-interface.md', import.meta.url));
const unknowns = collectUnknowns(loadBundledDocument());

describe('not-published markers', () => {
  it('covers each of the 20 "not shown" statements at the objects it concerns, saying what is missing', () => {
    expect(notShownStatements).toHaveLength(20);
    for (const statement of notShownStatements) {
      statement.pointers.forEach((pointer, index) => {
        const phrase = Array.isArray(statement.phrase) ? statement.phrase[index]! : statement.phrase;
        const sentences = unknowns.filter((u) => u.pointer === pointer).map((u) => u.missing.toLowerCase());
        expect(sentences.some((sentence) => sentence.includes(phrase.toLowerCase())), `${statement.quote} → ${pointer} should say "${phrase}": ${sentences.join(' | ')}`).toBe(true);
      });
    }
  });

  it('lists every unpublished item once: no two markers say the same thing', () => {
    const sentences = unknowns.map((u) => u.missing);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('has no marker that answers to no statement', () => {
    const expected = new Set(notShownStatements.flatMap((s) => s.pointers));
    const stray = unknowns.filter((u) => !expected.has(u.pointer));
    expect(stray).toEqual([]);
    const expectedCount = notShownStatements.reduce((n, s) => n + s.pointers.length, 0);
    expect(unknowns).toHaveLength(expectedCount);
  });

  // CI always has the interface document beside the repository; elsewhere it may be absent.
  it.skipIf(!existsSync(interfacePath) && !process.env.CI)('matches the interface document: 20 statements, each quoted once', () => {
    expect(existsSync(interfacePath), `${interfacePath} is missing`).toBe(true);
    const lines = readFileSync(interfacePath, 'utf8').split('\n').filter((l) => /not shown/i.test(l));
    expect(lines).toHaveLength(20);
    for (const statement of notShownStatements) {
      const hits = lines.filter((l) => l.includes(statement.quote));
      expect(hits, statement.quote).toHaveLength(1);
    }
    const covered = new Set(notShownStatements.map((s) => lines.findIndex((l) => l.includes(s.quote))));
    expect(covered.size).toBe(20);
  });

  it('prints every marker as an unchecked checklist item with location and what is missing', () => {
    const text = unknownsChecklist(unknowns);
    const items = text.split('\n').filter((l) => l.startsWith('- [ ] '));
    expect(items).toHaveLength(unknowns.length);
    for (const u of unknowns) expect(text).toContain(`(\`${u.pointer}\`): ${u.missing}`);
    expect(items.every((l) => /not published by the provider\.$/.test(l))).toBe(true);
  });
});
