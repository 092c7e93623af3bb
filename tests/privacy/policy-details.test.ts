// The privacy policy's parts one by one, each against a value written out by hand: the masks
// of strings and numbers, the rules' lists, the forms a carried value is looked for in (URL
// encodings, base64 and hex, identifiers whatever their separators), what a request carries,
// how URLs, bodies and headers are masked, and the integrator's rules and their refusals.
import { describe, expect, it } from 'vitest';
import { environmentSecrets } from '../../tools/contract/targets.ts';
import { checkRedactionRules, defaultPolicy, jsonParseFault, maskIdentifier, maskNumber, normaliseName, privacyPolicy, redactedValue, redactingWriter, RedactionRulesError, secretHeaderNames, unreadableBodyValue } from '../../packages/sdk/src/privacy/index.ts';
import { encodedForms, encodedPrefixes, Echoes, looseForms, variantsOf } from '../../packages/sdk/src/privacy/policy.ts';
import { identifierFieldNames, secretFieldNames, solanaShaped } from '../../packages/sdk/src/privacy/rules.ts';
import type { RecordedExchange } from '../../packages/sdk/src/privacy/exchange.ts';

describe('a mask', () => {
  it('keeps a string its shape: letters x or X, digits 0, in any script, other characters as they are', () => {
    expect(maskIdentifier('Ab1-é٣ z')).toBe('Xx0-x0 x');
    expect(maskIdentifier(['Ab', { k: 'c9' }, true, null])).toEqual(['Xx', { k: 'x0' }, true, null]);
  });

  it('keeps a number a number with as many digits', () => {
    const cases: [number, number][] = [[123456, 100000], [12.34, 10.01], [-42, -10], [0.5, 0.1], [5, 1], [0, 1], [1e21, 1e21], [7.25e-7, 1e-9], [-0.125, -0.001]];
    for (const [value, masked] of cases) expect(maskNumber(value)).toBe(masked);
    expect(maskNumber(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(maskNumber(Number.NaN)).toBeNaN();
    expect(maskIdentifier(98.6)).toBe(10.1);
  });
});

describe('the rules', () => {
  it('compare names lower-cased without - _ . and spaces', () => {
    expect(normaliseName('Account-Number_x. Y')).toBe('accountnumberxy');
  });

  it('class every listed name, and a name ending with one', () => {
    for (const name of secretFieldNames) expect([name, defaultPolicy.classOf(name), defaultPolicy.classOf(`new_${name}`)]).toEqual([name, 'secret', 'secret']);
    for (const name of identifierFieldNames) expect([name, defaultPolicy.classOf(name), defaultPolicy.classOf(`receiver${name}`)]).toEqual([name, 'identifier', 'identifier']);
    expect(defaultPolicy.classOf('amount')).toBeUndefined();
    // Asked again: the same answer.
    expect(defaultPolicy.classOf('amount')).toBeUndefined();
    expect(defaultPolicy.classOf('Pass_Word')).toBe('secret');
  });

  it('take a run of base58 for a Solana address by a digit or a quarter of its letters in each case', () => {
    expect(solanaShaped('abcdefghijkmnopqrstuvwxyzabcdefg1')).toBe(true);
    expect(solanaShaped('abcdefghijkmnopqrstuvwxyzabcdefgh')).toBe(false);
    expect(solanaShaped('ABCDEFGHabcdefghABCDEFGHabcdefgh')).toBe(true);
    // A quarter upper case exactly, then one less.
    expect(solanaShaped('ABCDEFGHabcdefghijkmnopqrstuvwxy')).toBe(true);
    expect(solanaShaped('ABCDEFGabcdefghijkmnopqrstuvwxyz')).toBe(false);
    expect(solanaShaped('ABCDEFGHIJKLMNPQRSTUVWXYZABCDEFGa')).toBe(false);
  });

  it('name the secret headers of requests and answers', () => {
    expect(secretHeaderNames).toEqual(['x-api-key', 'x-signature', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
  });

  it('find each kind of wallet address inside text, and not a transaction hash', () => {
    const evm = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
    const bech32 = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const tron = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
    const hash = `0x${'ab'.repeat(32)}`;
    expect(defaultPolicy.redactText(`${evm} ${bech32} ${tron} ${hash}`)).toBe(`${maskIdentifier(evm)} ${maskIdentifier(bech32)} ${maskIdentifier(tron)} ${hash}`);
    // Not part of a longer word.
    expect(defaultPolicy.redactText(`0${tron}`)).toBe(`0${tron}`);
  });
});

describe('the forms a carried value is looked for in', () => {
  it('are the value, its JSON escape, and every common URL encoding, once and twice', () => {
    // Encoded twice: by encodeURIComponent again (`+` as `%2B`), or each `%` alone as `%25` (`a+b%2527`).
    expect(variantsOf("a b'")).toEqual(["a b'", "a%20b'", "a+b'", 'a%20b%27', 'a+b%27', "a%2520b'", "a%2Bb'", 'a%2520b%2527', 'a%2Bb%2527', 'a+b%2527']);
    expect(variantsOf('"x"')).toContain('\\"x\\"');
    expect(variantsOf('abc')).toEqual(['abc']);
    // A lone surrogate is in no URL: the value and its JSON escape only.
    expect(variantsOf('\ud800')).toEqual(['\ud800', '\\ud800']);
  });

  it('are, for a secret of 8 characters or more, its base64, base64url and hex, and a hex or base64 signature decoded', () => {
    expect(encodedForms('short7!')).toEqual([]);
    expect(encodedForms('hunter2?')).toEqual(['aHVudGVyMj8', '68756e746572323f']);
    const signature = 'fb'.repeat(32);
    const bytes = Buffer.from(signature, 'hex');
    const unpadded = (text: string) => text.replace(/=+$/, '');
    expect(encodedForms(signature)).toEqual(expect.arrayContaining([unpadded(bytes.toString('base64')), bytes.toString('base64url'), unpadded(Buffer.from(signature).toString('base64'))]));
    const base64 = bytes.toString('base64');
    expect(encodedForms(base64)).toEqual(expect.arrayContaining([signature, Buffer.from(base64).toString('hex')]));
    expect(encodedForms(base64)).not.toContain(base64);
    expect(encodedForms('+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/')).toContain('fbffbf'.repeat(11));
  });

  it('are, for an identifier, its letters and digits whatever the separators, and its digits without leading zeros', () => {
    expect(looseForms('GB82 WEST 1234')).toEqual(['gb82west1234']);
    expect(looseForms('0123-456.78')).toEqual(['012345678', '12345678']);
    expect(looseForms('0000')).toEqual(['0000', '0']);
    expect(looseForms('4821')).toEqual(['4821']);
    expect(looseForms('ab12')).toEqual(['ab12']);
    expect(looseForms('abc1')).toEqual([]);
    expect(looseForms('')).toEqual([]);
    expect(looseForms(' - ')).toEqual([]);
    expect(looseForms('12_34')).toEqual([]);
    expect(looseForms('1'.repeat(34))).toHaveLength(1);
    expect(looseForms('1'.repeat(35))).toEqual([]);
  });

  it('find an identifier with separators added, removed or changed, only between letters and digits', () => {
    const echoes = new Echoes([['0123456789', '[acct]']], looseForms('0123456789').map((form) => [form, '[acct]'] as const));
    expect(echoes.replace('a 0123 456 789 b')).toBe('a [acct] b');
    expect(echoes.replace('a 012-345-6789.')).toBe('a [acct].');
    expect(echoes.replace('x=0123%20456%20789&')).toBe('x=[acct]&');
    expect(echoes.replace('no 123456789')).toBe('no [acct]');
    expect(echoes.replace('two separators 0123--456789')).toBe('two separators 0123--456789');
    expect(echoes.replace('no digits here')).toBe('no digits here');
    expect(echoes.in('1.2.3.4.5.6.7.8.9')).toBe(true);
    expect(echoes.in('1.2.3.4.5.6.7.8')).toBe(false);
    expect(echoes.in('')).toBe(false);
    const first = new Echoes([], [['12', '[a]'], ['1234', '[b]']]);
    expect(first.replace('1 2 3 4 and 1-2')).toBe('[b] and [a]');
  });

  it('find a value without its leading zeros where it stands as a number, never inside an id', () => {
    const echoes = new Echoes([['058', '000']], looseForms('058').map((form) => [form, '000'] as const));
    expect(echoes.replace('{"bankCode":58}')).toBe('{"bankCode":000}');
    expect(echoes.replace('bank 58, again 058')).toBe('bank 000, again 000');
    // A swap or transaction id that happens to hold the digits keeps them: the caller reads it back.
    expect(echoes.replace('{"id":"a0b7a9974b464a1ac51b6e58"}')).toBe('{"id":"a0b7a9974b464a1ac51b6e58"}');
    expect(echoes.replace('TRX-100158')).toBe('TRX-100158');
    expect(echoes.in('a0b7a9974b464a1ac51b6e58')).toBe(false);
    expect(echoes.in('code 58')).toBe(true);
  });
});

describe('what a request carries', () => {
  it('is found in its query, a form or JSON body, an object body, and its secret and signed headers', () => {
    const carried = (request: Parameters<typeof defaultPolicy.carriedBy>[0]) => defaultPolicy.carriedBy(request).map(({ value, replacement }) => `${value}→${replacement}`);
    expect(carried({ url: 'https://p.test/x?accountNumber=0123&amount=5#pin=1' })).toEqual(['0123→0000']);
    expect(carried({ body: 'pin=4821&note=x' })).toEqual(['4821→[redacted]']);
    expect(carried({ body: '{"data":{"email":"a@b.co","list":[{"password":"pw"}]}}' })).toEqual(['a@b.co→x@x.xx', 'pw→[redacted]']);
    expect(carried({ body: { iban: { number: 'GB12', valid: true, none: null } } })).toEqual(['GB12→XX00']);
    expect(carried({ body: '' })).toEqual([]);
    expect(carried({ headers: [['Authorization', 'Bearer tok-123456'], ['x-sig2', 'abc'], ['x-timestamp', 't'], ['cookie', ''], ['x-api-key', redactedValue], ['content-type', 'json']], addedHeaders: ['X-Sig2', 'x-timestamp'] })).toEqual([
      'Bearer tok-123456→[redacted]',
      'Bearer→[redacted]',
      'tok-123456→[redacted]',
      'abc→[redacted]',
    ]);
    // A piece shorter than 6 characters is not looked for alone.
    expect(carried({ headers: [['cookie', 'sid=12345']] })).toEqual(['sid=12345→[redacted]']);
  });
});

function exchange(request: Partial<RecordedExchange['request']>, response: Partial<RecordedExchange['response']>): RecordedExchange {
  return {
    startedAt: new Date('2026-01-01T00:00:00Z'),
    durationMs: 1,
    request: { method: 'POST', url: 'https://provider.test/api/v1/swaps', headers: [['content-type', 'application/json']], ...request },
    response: { status: 200, headers: [['content-type', 'application/json']], body: '{}', ...response },
  };
}

describe('an exchange masked', () => {
  it('keeps a body that needs nothing masked as it was, byte for byte, and its length', () => {
    const body = '{ "amount" : 1 }';
    const redacted = defaultPolicy.redactExchange(exchange({ body, headers: [['content-length', '16']] }, { body, headers: [['content-length', '16'], ['content-type', 'application/json']] }));
    expect([redacted.request.body, redacted.response.body]).toEqual([body, body]);
    expect(redacted.response.headers).toEqual([['content-length', '16'], ['content-type', 'application/json']]);
  });

  it('writes the length of a masked body, masks a form by its names and withholds a text that names a protected field', () => {
    const redacted = defaultPolicy.redactExchange(
      exchange(
        { body: 'pin=4821&to=ngn', headers: [['content-type', 'application/x-www-form-urlencoded'], ['content-length', '15']] },
        { headers: [['content-length', '22'], ['content-type', 'text/plain']], body: 'your pass word is 4821', statusText: 'Bad 4821' },
      ),
    );
    expect(redacted.request.body).toBe('pin=%5Bredacted%5D&to=ngn');
    expect(redacted.request.headers).toContainEqual(['content-length', '25']);
    expect(redacted.response.body).toBe(unreadableBodyValue);
    expect(redacted.response.headers).toContainEqual(['content-length', String(unreadableBodyValue.length)]);
    expect(redacted.response.statusText).toBe(`Bad ${redactedValue}`);
    const plain = defaultPolicy.redactExchange(exchange({ body: JSON.stringify({ pin: '4821' }) }, { headers: [['content-type', 'text/plain']], body: 'code 4821 refused' }));
    expect(plain.response.body).toBe(`code ${redactedValue} refused`);
    expect(defaultPolicy.redactExchange(exchange({}, { body: '' })).response.body).toBe('');
  });

  it('masks headers: secret ones whole, signed ones but x-timestamp, a URL header as a URL, names too', () => {
    const redacted = defaultPolicy.redactExchange({
      ...exchange({ body: JSON.stringify({ accountNumber: '0123456789' }), headers: [['x-api-key', 'key-123'], ['x-extra-sig', 'abc'], ['x-timestamp', '2026']] }, { headers: [['location', 'https://provider.test/a/0123456789?pin=1'], ['x-0123456789', 'v'], ['Set-Cookie', 'sid=1']] }),
      addedHeaders: ['x-extra-sig', 'x-timestamp'],
    });
    expect(redacted.request.headers).toEqual([['x-api-key', redactedValue], ['x-extra-sig', redactedValue], ['x-timestamp', '2026']]);
    expect(redacted.response.headers).toEqual([['location', `https://provider.test/a/0000000000?pin=${encodeURIComponent(redactedValue)}`], ['x-0000000000', 'v'], ['Set-Cookie', redactedValue]]);
  });

  it('masks a URL: keeps its origin less a user and password, masks the path, the query by name and the fragment', () => {
    expect(defaultPolicy.redactUrl('https://user:pw@provider.test:8443/a/4821?pin=9&q=4821#at-4821', ['4821'])).toBe(`https://provider.test:8443/a/${redactedValue}?pin=%5Bredacted%5D&q=%5Bredacted%5D#at-${redactedValue}`);
    expect(defaultPolicy.redactUrl('/relative/4821?', ['4821'])).toBe(`/relative/${redactedValue}?`);
    expect(defaultPolicy.redactUrl('https://provider.test/x?a=1')).toBe('https://provider.test/x?a=1');
  });
});

describe('JSON, fields and pointers masked', () => {
  it('masks a secret whole, an identifier to its shape, under any key, and keys that hold a carried value', () => {
    const value = { password: { a: ['x', 2], b: true }, receiverAccountNumber: ['0123', 45], '4821': { k4821: 4821 }, amount: 4821.5 };
    expect(defaultPolicy.redactJson(value, ['4821'])).toEqual({ password: { a: [redactedValue, 0], b: true }, receiverAccountNumber: ['0000', 10], [redactedValue]: { [`k${redactedValue}`]: 1000 }, amount: 1000.1 });
    expect(defaultPolicy.redactJsonText({ pin: '1' }, [], 2)).toBe(`{\n  "pin": "${redactedValue}"\n}`);
    expect(defaultPolicy.redactJsonText(undefined)).toBe('undefined');
  });

  it('writes 0 for a number holding a carried value whose mask would be itself', () => {
    expect(defaultPolicy.redactJson({ n: 1, m: 100, k: 7 }, ['1', '100'])).toEqual({ n: 0, m: 0, k: 7 });
  });

  it('judges a field by the last key of a pointer or a label', () => {
    expect(defaultPolicy.redactField('/data/a~1b/password', 'x')).toBe(redactedValue);
    expect(defaultPolicy.redactField('/data/x~0pin', 'x')).toBe(redactedValue);
    expect(defaultPolicy.redactField('Payout.bankCode', '058')).toBe('000');
    expect(defaultPolicy.redactField('Payout.bankCode', '000')).toBe(redactedValue);
    expect(defaultPolicy.redactField('Payout.note', '058 sent', ['058'])).toBe(`${redactedValue} sent`);
  });

  it('masks a pointer key by key, as sent, and names without reading pairs', () => {
    expect(defaultPolicy.redactPointer('/data/a~1b4821/x', ['4821'])).toBe(`/data/a~1b${redactedValue}/x`);
    expect(defaultPolicy.redactPointer('data.4821', ['4821'])).toBe(`data.${redactedValue}`);
    expect(defaultPolicy.redactName('{password: string}')).toBe('{password: string}');
    expect(defaultPolicy.redactText('{password: string}')).toBe(`{password: ${redactedValue}}`);
  });
});

describe('pairs in prose', () => {
  it('mask the value after a protected name, quoted or not, and go on past other names', () => {
    expect(defaultPolicy.redactText('Invalid request: password=abc&pin=12 name=bob')).toBe(`Invalid request: password=${redactedValue}&pin=${redactedValue} name=bob`);
    expect(defaultPolicy.redactText(`"password": "a b c", 'pin': 'x y', accountNumber: 12345`)).toBe(`"password": "${redactedValue}", 'pin': '${redactedValue}', accountNumber: 10000`);
    expect(defaultPolicy.redactText('the account number: AB-12, the email = a@b.co;')).toBe('the account number: XX-00, the email = x@x.xx;');
    expect(defaultPolicy.redactText('password: "unclosed')).toBe(`password: "${redactedValue}`);
    expect(defaultPolicy.redactText(`password: ${redactedValue}`)).toBe(`password: ${redactedValue}`);
    // A number stays a number: 0000 is the number 0, masked as one.
    expect(defaultPolicy.redactText('accountNumber: 0000')).toBe('accountNumber: 1');
    expect(defaultPolicy.redactText('accountNumber: x-0')).toBe(`accountNumber: ${redactedValue}`);
    expect(defaultPolicy.redactText('accountNumber: (x)')).toBe('accountNumber: (x)');
  });
});

describe("an integrator's rules and the writers' helpers", () => {
  it('extend the policy only when there is something to add', () => {
    expect(privacyPolicy()).toBe(defaultPolicy);
    expect(privacyPolicy({ fields: [], headers: [], patterns: [] })).toBe(defaultPolicy);
    const policy = privacyPolicy({ fields: ['Customer_Ref', ' '], headers: ['X-Session'], patterns: ['REF-[0-9]+', /ng\d{3}/i, /cu\d/g] });
    expect(policy.rules).toEqual({ fields: ['Customer_Ref', ' '], headers: ['X-Session'], patterns: ['REF-[0-9]+', /ng\d{3}/i, /cu\d/g] });
    expect(policy.classOf('customerRef')).toBe('identifier');
    expect(policy.isSecretHeader('x-session')).toBe(true);
    expect(policy.redactText('REF-12 NG123 cu4 cu5')).toBe('XXX-00 XX000 xx0 xx0');
    const more = policy.extend({ headers: ['x-more'] });
    expect([more.isSecretHeader('x-session'), more.isSecretHeader('x-more'), more.classOf('customer_ref')]).toEqual([true, true, 'identifier']);
  });

  it('are refused when they are not rules, with what is wrong', () => {
    expect(checkRedactionRules(undefined, 's')).toEqual({});
    expect(checkRedactionRules({}, 's')).toEqual({});
    expect(checkRedactionRules({ headers: ['h'] }, 's')).toEqual({ headers: ['h'] });
    for (const value of [null, 'x', ['a']]) expect(() => checkRedactionRules(value, 's')).toThrow(new RedactionRulesError('s must be an object { fields?, headers?, patterns? }'));
    expect(() => checkRedactionRules({ a: 1, b: 2 }, 's')).toThrow('s has "a", "b", which is not one of fields, headers, patterns');
    expect(() => checkRedactionRules({ patterns: 'x' }, 's')).toThrow('s.patterns must be a list of patterns (strings or RegExps)');
    expect(() => checkRedactionRules({ patterns: [1] }, 's')).toThrow('s.patterns[0] must be a non-empty string or a RegExp');
    expect(() => checkRedactionRules({ fields: ['a', ' '] }, 's')).toThrow(/^s\.fields\[1\] must be a non-empty string$/);
    expect(() => checkRedactionRules({ fields: [/a/] }, 's')).toThrow('s.fields[0] must be a non-empty string');
    expect(() => checkRedactionRules({ patterns: ['('] }, 's')).toThrow(/^s\.patterns\[0\] is not a valid regular expression \(\/\(\/: Unterminated group\)$/);
    expect(new RedactionRulesError('x').name).toBe('RedactionRulesError');
  });

  it('write through the policy with the carried values given, and name the environment credentials', () => {
    const written: string[] = [];
    const write = redactingWriter((text) => written.push(text), ['s3cret', undefined, '']);
    write('key s3cret, pin=12, empty ');
    expect(written).toEqual([`key ${redactedValue}, pin=${redactedValue}, empty `]);
    expect(environmentSecrets({ WALLET_API_KEY: 'k', WALLET_API_SIGNING_SECRET: 's', OTHER: 'o' })).toEqual(['k', 's']);
  });

  it("tell where JSON.parse failed without the text it quotes", () => {
    const fault = (text: string) => {
      try {
        JSON.parse(text);
      } catch (error) {
        return jsonParseFault(error);
      }
      return '';
    };
    // Node 24 adds the line and column.
    expect(fault('{"a":1 "b"')).toMatch(/^Expected ',' or '}' after property value in JSON at position 7( \(line 1 column 8\))?$/);
    expect(fault('hunter2')).toBe('a character JSON does not allow');
    expect(jsonParseFault(new Error(`Unexpected token 'h', "hunter2" is not valid JSON at position 3`))).toBe('a character JSON does not allow at position 3');
    expect(jsonParseFault('plain')).toBe('plain');
  });
});

describe('the forms of a secret, encoded, in detail', () => {
  const hexSignature = 'fb'.repeat(32);
  const bytes = Buffer.from(hexSignature, 'hex');
  const unpadded = (text: string) => text.replace(/=+$/, '');

  it('are made from the UTF-8 bytes of a secret that is not ASCII', () => {
    const secret = 'pässwörd-1';
    expect(encodedForms(secret)).toEqual([...new Set([unpadded(Buffer.from(secret).toString('base64')), Buffer.from(secret).toString('base64url'), Buffer.from(secret).toString('hex')])]);
    expect(defaultPolicy.redactText(`echo ${Buffer.from(secret).toString('base64')}`, [secret])).toBe(`echo ${redactedValue}`);
  });

  it('decode a base64 or base64url signature of 40 characters or more, padded or not, and no shorter value', () => {
    for (const signature of [bytes.toString('base64'), bytes.toString('base64url'), bytes.subarray(0, 30).toString('base64')]) {
      expect(signature.length).toBeGreaterThanOrEqual(40);
      const decoded = Buffer.from(signature.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
      expect(encodedForms(signature)).toContain(decoded.toString('hex'));
    }
    // 39 characters of the base64 alphabet: a word, not a signature.
    const word = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLM';
    expect(word.length).toBe(39);
    expect(encodedForms(word)).toEqual([unpadded(Buffer.from(word).toString('base64')), Buffer.from(word).toString('hex')]);
    // Its text's base64 and hex, and its bytes in hex (their base64 is the secret itself).
    expect(encodedForms(`${word}N`)).toHaveLength(3);
    expect(encodedForms(`${word}N`)).toContain(Buffer.from(`${word}N`, 'base64').toString('hex'));
  });

  it('begin as encodedPrefixes says, for text, hex and base64 secrets, so a text holding one is searched', () => {
    const prefixesOf = (secret: string) => new Set(encodedForms(secret).map((form) => form.slice(0, 4).toLowerCase()));
    for (const secret of ['hunter2?!', hexSignature, bytes.toString('base64'), 'pässwörd-1', '+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/']) {
      const prefixes = encodedPrefixes(secret);
      for (const start of prefixesOf(secret)) expect(prefixes.some((prefix) => prefix.startsWith(start) || start.startsWith(prefix)), `${secret}: ${start}`).toBe(true);
      expect(prefixes.every((prefix) => prefix === prefix.toLowerCase())).toBe(true);
    }
    expect(encodedPrefixes(hexSignature)).toEqual(expect.arrayContaining(['zmjm', '666266', '-_v7', '+/v7', 'fbfbfb']));
    expect(encodedPrefixes('pässwörd-1')).toEqual([...prefixesOf('pässwörd-1')]);
  });

  it('are looked for only for a secret of 8 characters or more, not for an identifier', () => {
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    expect(defaultPolicy.redactText(`x ${base64('pass-8ch')} y`, [{ value: 'pass-8ch', replacement: redactedValue }])).toBe(`x ${redactedValue}= y`);
    expect(defaultPolicy.redactText(`x ${base64('pass-7c')} y`, ['pass-7c'])).toBe(`x ${base64('pass-7c')} y`);
    expect(defaultPolicy.redactText(`x ${base64('GB82WEST12345678')} y`, [{ value: 'GB82WEST12345678', replacement: 'XX00XXXX00000000' }])).toBe(`x ${base64('GB82WEST12345678')} y`);
  });
});

describe('identifiers read through separators, in detail', () => {
  const loose = (value: string) => new Echoes([], [[value, '[m]']]);

  it('drops each kind of separator between letters and digits, and nothing else', () => {
    for (const separator of [' ', '\u00a0', '\t', '.', '-', '+', '%20']) expect(loose('1234').replace(`a 12${separator}34 b`)).toBe('a [m] b');
    for (const separator of ['_', '/', ',', '%2a']) expect(loose('1234').replace(`12${separator}34`)).toBe(`12${separator}34`);
    // Only between two letters or digits, at both ends of the alphabet.
    expect(loose('12').replace('1 -2')).toBe('1 -2');
    expect(loose('14').replace('1%2a4')).toBe('1%2a4');
    expect(new Echoes([], [['z9', '[m]'], ['a0', '[n]']]).replace('Z-9 z-9 A-0 a.0 9-z')).toBe('[m] [m] [n] [n] 9-z');
  });

  it('finds a value of letters and digits in a text whose digits alone do not hold it', () => {
    expect(new Echoes([], [['gb82west12', '[iban]']]).replace('iban GB82 WEST 12, ok')).toBe('iban [iban], ok');
    expect(new Echoes([], [['1234', '[pin]'], ['ab12', '[id]']]).in('AB-12')).toBe(true);
  });
});

describe('pairs, URLs, bodies and pointers, in detail', () => {
  it('mask a lone opening quote and a value that is a number with decimals', () => {
    expect(defaultPolicy.redactText('password: "')).toBe(`password: "${redactedValue}`);
    expect(defaultPolicy.redactText('accountNumber: 12.34, bvn: 12.3a')).toBe('accountNumber: 10.01, bvn: 00.0x');
  });

  it('keep a relative URL that holds another URL in its query, and read a query that starts the text', () => {
    expect(defaultPolicy.redactUrl('/r?u=https://user:pw@h.test/p&pin=1')).toBe('/r?u=https%3A%2F%2Fuser%3Apw%40h.test%2Fp&pin=%5Bredacted%5D');
    expect(defaultPolicy.redactUrl('?pin=1')).toBe('?pin=%5Bredacted%5D');
    expect(defaultPolicy.redactUrl('a/b', ['/'])).toBe(`a${redactedValue}b`);
    expect(defaultPolicy.redactUrl('https://h.test/p#')).toBe('https://h.test/p#');
    expect(defaultPolicy.carriedBy({ url: '?pin=4821' })).toEqual([{ value: '4821', replacement: redactedValue }]);
  });

  it('read a JSON body as JSON whatever it starts with, and write it again only when masked', () => {
    const body = (text: string) => defaultPolicy.redactExchange({ startedAt: new Date(0), durationMs: 1, request: { method: 'POST', url: 'https://p.test/x', headers: [], body: JSON.stringify({ pin: '4821' }) }, response: { status: 200, headers: [], body: text } }).response.body;
    expect(body('[ "4821" ]')).toBe(`["${redactedValue}"]`);
    expect(body('"\\u0041 4821"')).toBe(`"A ${redactedValue}"`);
    expect(body(' { "a" : 1 } ')).toBe(' { "a" : 1 } ');
  });

  it('mask a pointer key by key: a carried value with a slash is found in the key it makes', () => {
    expect(defaultPolicy.redactPointer('/x/a~1b', ['a/b'])).toBe(`/x/${redactedValue}`);
    expect(defaultPolicy.redactPointer('x/a/b', ['a/b'])).toBe(`x/${redactedValue}`);
  });

  it("accept a field name a regular expression would refuse, refuse a pattern that matches only an empty text, and tell a parser's position of any length", () => {
    expect(checkRedactionRules({ fields: ['('] }, 's')).toEqual({ fields: ['('] });
    expect(() => checkRedactionRules({ patterns: ['^$'] }, 's')).toThrow('s.patterns[0] matches an empty text: it must match at least one character');
    expect(jsonParseFault(new Error(`Unexpected token 'h', "hunter2" is not valid JSON at position 12`))).toBe('a character JSON does not allow at position 12');
  });

  it('write through a writer whose carried values include an undefined one', () => {
    const written: string[] = [];
    redactingWriter((text) => written.push(text), [undefined, 'k3y-value'])('undefined k3y-value');
    expect(written).toEqual([`undefined ${redactedValue}`]);
  });
});
