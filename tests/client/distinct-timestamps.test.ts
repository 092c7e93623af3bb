// Every request of a process is signed at a distinct millisecond: two identical calls made at
// once, by one client or by two, carry different x-timestamp and x-signature values, so a
// provider that refuses replays answers both. A client given its own clock keeps its own
// requests distinct on it.
import { describe, expect, it } from 'vitest';
import { createClient, hmacSha256, unwrap, type ClientOptions } from '../../packages/sdk/src/client/index.ts';
import { distinctInstants, processInstants } from '../../packages/sdk/src/signing/index.ts';
import { useCaptureServer } from '../support/capture-server.ts';

const capture = useCaptureServer();
const client = (overrides: Partial<ClientOptions> = {}) => createClient({ environment: 'custom', baseUrl: capture.server.url, apiKey: 'distinct-key', signer: hmacSha256({ secret: 'distinct-secret' }), ...overrides });
const sent = (name: string) => capture.server.requests.map((request) => String(request.headers[name]));
const repeated = (values: string[]) => values.length - new Set(values).size;

describe('x-timestamp', () => {
  it('differs on every request of a process: identical calls at once, from one client and from two', async () => {
    const [one, two] = [client(), client()];
    const calls = Array.from({ length: 100 }, (_, index) => unwrap((index % 2 === 0 ? one : two).GET('/api/v1/wallets')));
    for (let call = 0; call < 100; call++) calls.push(unwrap(one.GET('/api/v1/wallets')));
    await Promise.all(calls);
    expect(capture.server.requests).toHaveLength(200);
    expect(repeated(sent('x-timestamp'))).toBe(0);
    expect(repeated(sent('x-signature'))).toBe(0);
  });

  it('is the clock\'s own millisecond when it has moved, never ahead of it by more than the requests issued since', async () => {
    const before = Date.now();
    await unwrap(client().GET('/api/v1/wallets'));
    const stamped = Date.parse(sent('x-timestamp')[0]!);
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(processInstants().getTime()).toBeGreaterThan(stamped);
  });

  it('follows an injected clock, a millisecond on where it stands still, per client', async () => {
    const frozen = new Date('2026-11-21T10:15:30.123Z');
    const c = client({ now: () => frozen });
    await unwrap(c.GET('/api/v1/wallets'));
    await unwrap(c.GET('/api/v1/wallets'));
    await unwrap(client({ now: () => frozen }).GET('/api/v1/wallets'));
    expect(sent('x-timestamp')).toEqual(['2026-11-21T10:15:30.123Z', '2026-11-21T10:15:30.124Z', '2026-11-21T10:15:30.123Z']);
  });
});

describe('distinctInstants', () => {
  it('gives a later millisecond each time, even many times within one, never behind the clock and at most a millisecond a call ahead of it', () => {
    const instant = distinctInstants();
    const before = Date.now();
    const instants = Array.from({ length: 1000 }, () => instant().getTime());
    const after = Date.now();
    expect(instants.filter((at, index) => index > 0 && at <= instants[index - 1]!)).toEqual([]);
    expect(instants[0]).toBeGreaterThanOrEqual(before);
    expect(instants.at(-1)).toBeLessThanOrEqual(after + instants.length);
  });

  it('keeps each sequence to itself: one that ran ahead does not move another', () => {
    const [ahead, other] = [distinctInstants(), distinctInstants()];
    for (let call = 0; call < 1000; call++) ahead();
    expect(other().getTime()).toBeLessThanOrEqual(Date.now());
  });
});
