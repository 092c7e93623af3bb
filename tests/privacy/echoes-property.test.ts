// The policy finds carried values (a signature, a timestamp, a password) by plain search, not
// by a pattern compiled per exchange. Its oracle here is that pattern: the values, longest
// first, as one case-insensitive alternation, each match replaced by its value's replacement.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Echoes } from '../../packages/sdk/src/privacy/policy.ts';
import { countFromEnv } from '../support/count.ts';

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

// A second careless provider: it echoes what each request carried in the forms real systems
// print them (an account number as a JSON number, without its leading zeros; with separators
// added, removed or changed; an IBAN in groups of four; URL-encoded as a form, strictly, or
// twice; in a header's name), and the API key and the signature in base64, base64url and hex.
// The oracle is plain substring search for each form where it was put (support/echo-forms.ts).
const digitString = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const carriedValue = fc.oneof(
  // A Nigerian account number: ten digits, often a leading zero.
  digitString(9, 9).map((rest) => `0${rest}`),
  // A PIN, maybe with leading zeros; a bank code.
  digitString(3, 6),
  // A password of one or two characters, or of symbols a URL encodes.
  fc.string({ unit: fc.constantFrom(...'abcXYZ019!\'()*~ %+&=/'), minLength: 1, maxLength: 12 }),
  // An IBAN, sent plain or in groups of four.
  fc.tuple(fc.constantFrom('GB', 'DE', 'NG'), digitString(2, 2), fc.string({ unit: fc.constantFrom(...'0123456789ABCDWEST'), minLength: 10, maxLength: 26 }), fc.boolean()).map(([country, check, rest, grouped]) => {
    const iban = `${country}${check}${rest}`;
    return grouped ? iban.match(/.{1,4}/g)!.join(' ') : iban;
  }),
  // An account number sent with separators.
  digitString(10, 10).map((digits) => `${digits.slice(0, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`),
);
const fieldNames = ['password', 'pin', 'accountNumber', 'iban', 'bankCode', 'phone'];

describe('carried values echoed in the forms people print them', () => {
  const apiKey = 'live_key_9Kd3pQ7wXz';
  const secret = 'property-signing-secret';

  it('are masked in a recorded exchange, free text, and every rendering of the error unwrap throws', async () => {
    const { defaultPolicy } = await import('../../packages/sdk/src/privacy/index.ts');
    const { buildEntry } = await import('../../packages/sdk/src/traffic/entry.ts');
    const { createClient, hmacSha256, unwrap } = await import('../../packages/sdk/src/client/index.ts');
    const { credentialForms, echoForms, errorRenderings } = await import('./support/echo-forms.ts');
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(carriedValue, { minLength: 1, maxLength: fieldNames.length }), fc.boolean(), async (values, asQuery) => {
        const carried = Object.fromEntries(values.map((value, index) => [fieldNames[index]!, value]));
        const marks = values.map((value, index) => ({ index, forms: echoForms(value) }));
        const at = (index: number, form: string) => `<${'~'.repeat(index + 1)}|${form}|${'~'.repeat(index + 1)}>`;
        const numberKey = (index: number) => `<${'#'.repeat(index + 1)}>`;
        const echoes = marks.flatMap(({ index, forms }) => forms.map(({ form }) => at(index, form)));
        const numbers = Object.fromEntries(values.flatMap((value, index) => (/^[\d -]+$/.test(value) && /\d/.test(value) && value.replace(/\D/g, '').length <= 15 ? [[numberKey(index), Number(value.replace(/\D/g, ''))]] : [])));
        const headerForms = marks.flatMap(({ index, forms }) => forms.filter(({ form }) => /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(form)).map(({ form }) => `x-e${'q'.repeat(index + 1)}-${form}`.toLowerCase()));
        const witnesses = [...echoes, ...Object.entries(numbers).flatMap(([key, number]) => [`"${key}":${number}`, `"${key}": ${number}`]), ...headerForms];
        const signatures: string[] = [];
        const answer = (signature: string) => {
          const credentials = [apiKey, signature, ...credentialForms(apiKey), ...credentialForms(signature)].join(' ');
          const text = `${echoes.join(' ')} ${credentials}`;
          const headers: [string, string][] = [['content-type', 'application/json'], ['x-echo', text.replace(/[^\x20-\x7e]/g, '')], ...headerForms.map((name): [string, string] => [name, '1'])];
          return { status: 400, headers, text: JSON.stringify({ status: 'error', message: text, data: { echo: echoes, ...numbers } }) };
        };
        const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
          const signature = new Headers(init?.headers).get('x-signature') ?? '';
          signatures.push(signature);
          const { status, headers, text } = answer(signature);
          return new Response(text, { status, headers });
        };
        const client = createClient({ environment: 'custom', baseUrl: 'http://provider.test', apiKey, signer: hmacSha256({ secret }), fetch: fetch as typeof globalThis.fetch });
        const init = asQuery ? { params: { query: carried } } : { body: { from: 'usdt', to: 'ngn', amount: 1, ...carried } };
        const error = await unwrap(client.POST('/api/v1/swaps', init as never)).then(
          () => undefined,
          (thrown: unknown) => thrown as Error,
        );
        expect(error?.name).toBe('ApiError');
        const signature = signatures[0]!;
        const sent = answer(signature);
        const query = asQuery ? `?${new URLSearchParams(carried).toString()}` : '';
        const exchange = {
          startedAt: new Date('2026-01-01T00:00:00Z'),
          durationMs: 1,
          request: { method: 'POST', url: `http://provider.test/api/v1/swaps${query}`, headers: [['content-type', 'application/json'], ['x-api-key', apiKey], ['x-signature', signature]] as [string, string][], ...(asQuery ? {} : { body: JSON.stringify(init.body) }) },
          response: { status: sent.status, headers: sent.headers, body: sent.text },
        };
        const carriedValues = defaultPolicy.carriedBy({ url: exchange.request.url, body: exchange.request.body, headers: exchange.request.headers });
        const outputs = {
          ...errorRenderings(error!),
          'HAR entry': JSON.stringify(buildEntry(defaultPolicy.redactExchange(exchange))),
          'a log line': defaultPolicy.redactText(sent.text, carriedValues),
        };
        const credentials = [apiKey, signature, ...credentialForms(apiKey), ...credentialForms(signature)];
        const leaks = Object.entries(outputs).flatMap(([way, text]) => [...witnesses, ...credentials].filter((witness) => text.toLowerCase().includes(witness.toLowerCase()) || text.includes(JSON.stringify(witness).slice(1, -1))).map((witness) => `${way} carries ${witness}`));
        expect(leaks).toEqual([]);
      }),
      { numRuns: countFromEnv('PRIVACY_PROPERTY_RUNS', 40) * 5 },
    );
  }, 300_000);
});
