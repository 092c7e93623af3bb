// distinctInstants (tests/support/signed-http.ts): the tests' signers never sign two requests
// of one sequence at the same millisecond unless a test names the timestamp, so that a
// sandbox refusing replays refuses only the replays a test means.
import { describe, expect, it } from 'vitest';
import { distinctInstants } from './support/signed-http.ts';

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
