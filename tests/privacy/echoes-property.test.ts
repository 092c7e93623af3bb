// The policy finds carried values (a signature, a timestamp, a password) by plain search, not
// by a pattern compiled per exchange. Its oracle here is that pattern: the values, longest
// first, as one case-insensitive alternation, each match replaced by its value's replacement.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Echoes } from '../../src/privacy/policy.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function byPattern(text: string, replacements: Map<string, string>): string {
  const source = [...replacements.keys()].sort((a, b) => b.length - a.length).map(escape).join('|');
  return text.replace(new RegExp(source, 'gi'), (found) => replacements.get(found.toLowerCase()) ?? '[redacted]');
}

// ASCII, where lower case and the pattern's case folding agree, with the characters the
// values' URL and JSON forms hold.
const ascii = fc.constantFrom(...'aAbBcC1%+ .-_\\"');
const wordOf = (char: fc.Arbitrary<string>) => fc.array(char, { minLength: 1, maxLength: 6 }).map((chars) => chars.join(''));
const textOf = (char: fc.Arbitrary<string>) => fc.array(fc.oneof(wordOf(char), fc.constant(' ')), { maxLength: 30 }).map((parts) => parts.join(''));
/** Values as the policy keeps them (lower case), each replaced by a mark made of none of the texts' characters. */
const replacementsOf = (char: fc.Arbitrary<string>) =>
  fc.uniqueArray(wordOf(char).map((value) => value.toLowerCase()), { minLength: 1, maxLength: 5 }).map((values) => new Map(values.map((value, index) => [value, `<${'x'.repeat(index + 1)}>`])));
/** The text, and the text with each value planted in it, in lower or upper case. */
const withValues = (map: Map<string, string>, body: string) => [body, [...map.keys()].reduce((out, value, index) => (index % 2 ? out + value.toUpperCase() : value + out), body)];

describe('the carried values found in a text', () => {
  it('are replaced as the pattern of them would replace them, leftmost first and the longest at one place', () => {
    fc.assert(
      fc.property(replacementsOf(ascii), textOf(ascii), (map, body) => {
        const echoes = new Echoes(map);
        for (const text of withValues(map, body)) {
          expect(echoes.replace(text)).toBe(byPattern(text, map));
          expect(echoes.in(text)).toBe(new RegExp([...map.keys()].map(escape).join('|'), 'i').test(text));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('leave no value behind, also where lower case lengthens a character', () => {
    // 'İ' lower-cases to two characters; 'ẞ' and 'Σ' are other cases of 'ß' and 'σ'.
    const char = fc.constantFrom(...'aAbB1 %', 'İ', 'i', 'ẞ', 'ß', 'Σ', 'σ');
    fc.assert(
      fc.property(replacementsOf(char), textOf(char), (map, body) => {
        const echoes = new Echoes(map);
        for (const text of withValues(map, body)) {
          const replaced = echoes.replace(text);
          expect(echoes.in(replaced)).toBe(false);
          expect(replaced !== text).toBe(echoes.in(text));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('replaces a value inside a longer one with the longer one, and finds a value whose lower case is longer', () => {
    const echoes = new Echoes(new Map([['abc', '[short]'], ['xxabcxx', '[long]']]));
    expect(echoes.replace('1 XXABCXX 2 abc 3')).toBe('1 [long] 2 [short] 3');
    const dotted = new Echoes(new Map([['kİm'.toLowerCase(), '[name]']]));
    expect(dotted.replace('to KİM and kİm.')).toBe('to [name] and [name].');
  });
});
