// The privacy policy's rules, one case each, on what a writer writes: the cases a careless
// provider showed (an address inside text, a short password echoed, an echo in a header,
// personal values as keys, echoes of the query and of numbers, other spellings of the
// protected names, addresses in URL paths and Location, a new value of a field), the
// integrator's own rules and how they are refused, and where the policy over-masks.
import { describe, expect, it } from 'vitest';
import { checkRedactionRules, defaultPolicy, jsonParseFault, maskIdentifier, privacyPolicy, redactedValue } from '../../packages/sdk/src/privacy/index.ts';
import { buildEntry } from '../../packages/sdk/src/traffic/entry.ts';
import type { RecordedExchange } from '../../packages/sdk/src/privacy/exchange.ts';

const address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const addressMask = '0x0xx0x000000xX000000000000Xx000xxx00XXX00';

function exchange(request: Partial<RecordedExchange['request']>, response: Partial<RecordedExchange['response']>): RecordedExchange {
  return {
    startedAt: new Date('2026-01-01T00:00:00Z'),
    durationMs: 1,
    request: { method: 'POST', url: 'https://provider.test/api/v1/swaps', headers: [['content-type', 'application/json']], ...request },
    response: { status: 200, headers: [['content-type', 'application/json']], body: '{}', ...response },
  };
}

/** The entry a recorder writes, as text: what the tests search. */
const written = (e: RecordedExchange, policy = defaultPolicy) => JSON.stringify(buildEntry(policy.redactExchange(e)));

describe('the privacy policy, on what a careless provider sends', () => {
  it('masks an address inside a JSON string', () => {
    const text = written(exchange({}, { body: JSON.stringify({ status: 'error', message: `Withdrawal to ${address} failed`, data: null }) }));
    expect(text).not.toContain(address);
    expect(text).toContain(`Withdrawal to ${addressMask} failed`);
  });

  it('masks an echo of a short password, of any length, in the body and in a response header', () => {
    for (const password of ['4821', 'k', '12']) {
      const text = written(exchange({ body: JSON.stringify({ amount: 1, password }) }, { headers: [['content-type', 'application/json'], ['x-echo', `PIN ${password} is wrong`]], body: JSON.stringify({ message: `PIN ${password} is wrong` }) }));
      expect(text).not.toContain(`PIN ${password} is wrong`);
      expect(text).toContain(`PIN ${redactedValue} is wrong`);
    }
  });

  it('masks an address, an account number or a password used as an object key', () => {
    const body = JSON.stringify({ accountNumber: '0123456789', password: 'hunter22' });
    const answer = JSON.stringify({ data: { [address]: 1, '0123456789': { ok: true }, hunter22: 'x' } });
    const text = written(exchange({ body }, { body: answer }));
    for (const value of [address, '0123456789', 'hunter22']) expect(text).not.toContain(value);
    expect(text).toContain(addressMask);
  });

  it('masks an echo of an identifier the query carried, and of a value echoed inside a number', () => {
    const text = written(exchange({ url: 'https://provider.test/api/v1/x?accountNumber=4821', body: JSON.stringify({ pin: 5566 }) }, { body: JSON.stringify({ message: 'account 4821 not found', ref: 9955669, code: 48213 }) }));
    expect(text).not.toMatch(/4821|5566/);
    // A number stays a number, with as many digits.
    const body = JSON.parse(JSON.parse(text).response.content.text);
    expect(body).toMatchObject({ ref: 1000000, code: 10000 });
  });

  it('finds protected names whatever their spelling', () => {
    const request = { account_number: '0123456789', 'Account-Number': '9876543210', PASSWORD: 'p1', Password: 'p2', PIN: 1234, otp: '778899', customerPin: '4321' };
    const text = written(exchange({ body: JSON.stringify(request) }, { body: JSON.stringify({ data: request }) }));
    for (const value of ['0123456789', '9876543210', '"p1"', '"p2"', '1234', '778899', '4321']) expect(text).not.toContain(value);
    const body = JSON.parse(JSON.parse(text).response.content.text);
    // Identifiers keep their shape; secrets keep nothing, and a number stays a number.
    expect(body.data).toEqual({ account_number: '0000000000', 'Account-Number': '0000000000', PASSWORD: redactedValue, Password: redactedValue, PIN: 0, otp: redactedValue, customerPin: redactedValue });
  });

  it('masks an address as a URL path segment, in the query and in Location', () => {
    const text = written(exchange({ method: 'GET', url: `https://provider.test/api/v1/wallets/${address}?to=${address}`, body: undefined }, { headers: [['location', `https://provider.test/wallets/${address}/details`]] }));
    expect(text).not.toContain(address);
    expect(text).toContain(`/api/v1/wallets/${addressMask}?to=${addressMask}`);
    expect(text).toContain(`/wallets/${addressMask}/details`);
  });

  it('finds Tron, Solana and bech32 addresses inside text, in either case for bech32', () => {
    const tron = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
    const solana = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
    const bech32 = 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ';
    const out = defaultPolicy.redactText(`to ${tron}, ${solana} and ${bech32}.`);
    expect(out).toBe(`to ${maskIdentifier(tron)}, ${maskIdentifier(solana)} and ${maskIdentifier(bech32)}.`);
  });

  it('masks a new value of a field when it holds an identifier or a carried value, and keeps a state', () => {
    expect(defaultPolicy.redactField('Transaction.status', 'processing')).toBe('processing');
    expect(defaultPolicy.redactField('Transaction.status', address)).toBe(addressMask);
    expect(defaultPolicy.redactField('Transaction.status', 'on hold: 4821', ['4821'])).toBe(`on hold: ${redactedValue}`);
    expect(defaultPolicy.redactField('Payout.account_number', '0123456789')).toBe('0000000000');
  });

  it('keeps what learning needs: field names, types, states and value classes', () => {
    const answer = { status: 'success', message: 'ok', data: { id: 'swap-1', status: 'pending', amount: '1520.50', rate: 1520.5, createdAt: '2026-01-01T00:00:00Z', txHash: `0x${'ab'.repeat(32)}`, receiverAddressConfirmationMessageText: 'shown' } };
    expect(defaultPolicy.redactJson(answer)).toEqual(answer);
  });
});

describe('the one list of secret headers', () => {
  it('names x-api-key, x-signature, authorization, proxy-authorization, cookie and set-cookie, whatever their case', () => {
    for (const name of ['x-api-key', 'X-Signature', 'Authorization', 'proxy-authorization', 'Cookie', 'set-cookie']) expect(defaultPolicy.isSecretHeader(name)).toBe(true);
    for (const name of ['x-timestamp', 'content-type', 'location']) expect(defaultPolicy.isSecretHeader(name)).toBe(false);
    expect(defaultPolicy.redactHeaders([['Authorization', 'Bearer t'], ['x-echo', `to ${address}`]])).toEqual([['Authorization', redactedValue], ['x-echo', `to ${addressMask}`]]);
  });

  it('masks the token inside a secret header wherever the answer echoes it alone', () => {
    const text = written(exchange({ headers: [['authorization', 'Bearer tok-5e1f0a9c'], ['cookie', 'sid=9c8b7a6d5e; theme=dark']] }, { body: JSON.stringify({ message: 'token tok-5e1f0a9c, session 9c8b7a6d5e' }) }));
    expect(text).not.toMatch(/tok-5e1f0a9c|9c8b7a6d5e/);
  });
});

describe("an integrator's rules", () => {
  it('adds identifier fields (any spelling), secret headers and patterns', () => {
    const policy = privacyPolicy({ fields: ['customer_ref'], headers: ['X-Session'], patterns: ['CUST-[0-9]{4}', /\bNG\d{10}\b/] });
    const text = written(
      exchange({ headers: [['x-session', 'sess-value-1']], body: JSON.stringify({ customerRef: 'AB-12' }) }, { headers: [['x-session', 'sess-value-2']], body: JSON.stringify({ note: 'customer CUST-1234, iban NG0123456789, ref AB-12' }) }),
      policy,
    );
    for (const value of ['sess-value', 'CUST-1234', 'NG0123456789', 'AB-12']) expect(text).not.toContain(value);
    expect(text).toContain('XXXX-0000');
    // The built-in policy is left as it was.
    expect(defaultPolicy.isSecretHeader('x-session')).toBe(false);
    expect(policy.extend(undefined)).toBe(policy);
  });

  it('refuses rules that are not rules, naming where they came from and what is wrong', () => {
    expect(() => checkRedactionRules([], 'recordTraffic: redact')).toThrow('recordTraffic: redact must be an object { fields?, headers?, patterns? }');
    expect(() => checkRedactionRules({ field: ['x'] }, 'rules.yaml')).toThrow('rules.yaml has "field", which is not one of fields, headers, patterns');
    expect(() => checkRedactionRules({ fields: 'x' }, 'rules.yaml')).toThrow('rules.yaml.fields must be a list of names');
    expect(() => checkRedactionRules({ headers: [''] }, 'rules.yaml')).toThrow('rules.yaml.headers[0] must be a non-empty string');
    expect(() => checkRedactionRules({ patterns: ['a('] }, 'rules.yaml')).toThrow('rules.yaml.patterns[0] is not a valid regular expression');
    expect(() => checkRedactionRules({ patterns: ['x*'] }, 'rules.yaml')).toThrow('rules.yaml.patterns[0] matches an empty text');
    expect(checkRedactionRules({ fields: ['a'], patterns: [/b/] }, 'r')).toEqual({ fields: ['a'], patterns: [/b/] });
  });
});

describe('where the policy over-masks, as the price of certainty', () => {
  it('masks a short carried value inside unrelated text and numbers', () => {
    // A 4-digit PIN inside an unrelated amount and an id: masked all the same.
    expect(defaultPolicy.redactText('amount 148210, order A4821B', ['4821'])).toBe(`amount 1${redactedValue}0, order A${redactedValue}B`);
    expect(defaultPolicy.redactJson({ amount: 148210 }, ['4821'])).toEqual({ amount: 100000 });
  });

  it('masks a carried value that is a slash in a path, and the URL stays a URL on its origin', () => {
    const url = defaultPolicy.redactUrl('https://provider.test/api/v1/swaps?from=usdt', ['/']);
    expect(url).toBe(`https://provider.test/${redactedValue}api${redactedValue}v1${redactedValue}swaps?from=usdt`);
    expect(new URL(url).host).toBe('provider.test');
    // Recorded: the entry is built, with the same URL.
    const text = written(exchange({ body: JSON.stringify({ amount: 1, password: '/' }) }, {}));
    expect(JSON.parse(text).request.url).toBe(`https://provider.test/${redactedValue}api${redactedValue}v1${redactedValue}swaps`);
  });

  it('masks an opaque 32-44 character base58 id like a Solana address, but not a long camelCase word', () => {
    const id = 'Zp3kQw9rT5vYx2mN8bH4jL6cF1dG7sAe';
    expect(defaultPolicy.redactText(`id ${id}`)).toBe(`id ${maskIdentifier(id)}`);
    expect(defaultPolicy.redactText('receiverAddressConfirmationMessageText')).toBe('receiverAddressConfirmationMessageText');
  });

  it('masks the value after a protected name in prose, and an identifier that is its own mask as [redacted]', () => {
    expect(defaultPolicy.redactText('Invalid password: wrong length')).toBe(`Invalid password: ${redactedValue} length`);
    expect(defaultPolicy.redactJson({ accountNumber: '0000' })).toEqual({ accountNumber: redactedValue });
  });
});

describe("a parser's error", () => {
  it('is told without the input it quotes', () => {
    for (const text of ['hunter2-secret', '{"password": "hunter2-secret"']) {
      let message = '';
      try {
        JSON.parse(text);
      } catch (error) {
        message = jsonParseFault(error);
      }
      expect(message).not.toContain('hunter2');
      expect(message).not.toBe('');
    }
  });
});
