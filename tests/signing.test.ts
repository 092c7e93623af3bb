import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultCanonicalString, formatTimestamp, hmacSha256, signaturesMatch, timestampPattern } from '../packages/sdk/src/signing/index.ts';

const input = { method: 'post', pathWithQuery: '/api/v1/swaps?x=1', body: '{"a":1}', timestamp: '2026-11-21T10:15:30.123Z', apiKey: 'k' };

describe('signing', () => {
  it('signs the canonical string with HMAC-SHA256, hex by default', async () => {
    const expected = createHmac('sha256', 's3cret').update('2026-11-21T10:15:30.123Z\nPOST\n/api/v1/swaps?x=1\n{"a":1}').digest('hex');
    expect(defaultCanonicalString(input)).toBe('2026-11-21T10:15:30.123Z\nPOST\n/api/v1/swaps?x=1\n{"a":1}');
    expect(await hmacSha256({ secret: 's3cret' })(input)).toBe(expected);
  });

  it('lets the canonical string and encoding be configured', async () => {
    const signer = hmacSha256({ secret: 's', canonicalString: (i) => i.apiKey + i.body, encoding: 'base64' });
    expect(await signer(input)).toBe(createHmac('sha256', 's').update('k{"a":1}').digest('base64'));
  });

  it('changes when any signed part changes', async () => {
    const sign = hmacSha256({ secret: 's' });
    const base = await sign(input);
    for (const change of [{ body: '{"a":2}' }, { pathWithQuery: '/api/v1/swaps' }, { timestamp: '2026-11-21T10:15:30.124Z' }, { method: 'GET' }]) {
      expect(await sign({ ...input, ...change })).not.toBe(base);
    }
  });

  it('refuses an empty secret and compares signatures exactly', () => {
    expect(() => hmacSha256({ secret: '' })).toThrow(/non-empty signing secret/);
    expect(signaturesMatch('abc', 'abc')).toBe(true);
    expect(signaturesMatch('abc', 'abd')).toBe(false);
    expect(signaturesMatch('abc', 'ab')).toBe(false);
  });

  it('formats timestamps as ISO 8601 UTC with milliseconds', () => {
    const ts = formatTimestamp(new Date(Date.UTC(2026, 10, 21, 10, 15, 30, 5)));
    expect(ts).toBe('2026-11-21T10:15:30.005Z');
    expect(timestampPattern.test(ts)).toBe(true);
    expect(timestampPattern.test('2026-11-21T10:15:30Z')).toBe(false);
  });
});
