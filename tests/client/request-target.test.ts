import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestTarget, unparsedRequestTarget } from '../../packages/sdk/src/client/request-target.ts';

const parsedTarget = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

/** Pieces that URL parsing treats specially, mixed with ordinary ones. */
const piece = fc.constantFrom(
  'a', 'Z', '0', '-', '_', '~', '.', '..', '/', '//', '?', '??', '%', '%2e', '%2E', '%2F', '%zz', '&', '=', '+', ',', ';', ':', '@', '!', '$', '(', '*',
  ' ', '"', '#', "'", '<', '>', '\\', '^', '`', '{', '|', '}', '\t', '\n', '\u0000', 'é', '€', '\u{1F600}', '[', ']',
);
const authority = fc.constantFrom('127.0.0.1:4020', 'localhost', 'api.example.com', '[::1]:8080', 'EXAMPLE.com', 'h\\x', 'h?x', 'h#x', 'u@h', 'h:80', 'h%41');
const scheme = fc.constantFrom('http://', 'https://', 'HTTP://');

describe('requestTarget', () => {
  it('gives what URL parsing gives, whether the URL is read as it is or parsed', () => {
    fc.assert(
      fc.property(scheme, authority, fc.array(piece, { maxLength: 12 }), (s, host, pieces) => {
        const url = `${s}${host}/${pieces.join('')}`;
        if (!URL.canParse(url)) return;
        expect(requestTarget(url)).toBe(parsedTarget(url));
        const unparsed = unparsedRequestTarget(url);
        if (unparsed !== undefined) expect(unparsed).toBe(parsedTarget(url));
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads the URLs the client builds without parsing them', () => {
    for (const url of [
      'http://127.0.0.1:4020/api/v1/transactions?limit=20&page=1',
      'https://api.example.com/base/api/v1/swaps',
      'http://[::1]:8080/api/v1/wallets/deposit-address?network=tron&coin=usdt',
      'https://api.example.com/api/v1/transactions/665f1c2a9b1e4a0012ab34cd',
    ]) {
      expect(unparsedRequestTarget(url)).toBe(parsedTarget(url));
    }
  });

  it('parses a URL whose path or query parsing would change', () => {
    for (const url of [
      'http://h/a/./b',
      'http://h/a/%2e%2E/b',
      'http://h/a b',
      'http://h/a?',
      'http://h\\x/a',
      'http://h/é',
      "http://h/a?b='c'",
    ]) {
      expect(unparsedRequestTarget(url)).toBeUndefined();
      expect(requestTarget(url)).toBe(parsedTarget(url));
    }
  });
});
