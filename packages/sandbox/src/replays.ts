// The opt-in replay guard: remembers each authenticated request's API key, timestamp and
// signature until its timestamp leaves the accepted window, so the same signed request
// sent a second time is refused. The interface publishes no replay rule; this is the
// sandbox's own choice, for integrators who want to prove their client never sends one
// signed request twice.
//
// Memory stays bounded: an entry is useless once its timestamp is outside the window
// (the timestamp check refuses the request anyway), so it is dropped then. Expired
// entries are swept at most once per sweep interval, which keeps the cost per request
// constant on average. An entry lives until its timestamp plus the window: at most two
// windows after it arrived (for a timestamp a window ahead of the clock) plus one interval.

export type ReplayGuardOptions = {
  /** How long after its timestamp a request stays replayable: the timestamp window. */
  windowMs: number;
  /** How often expired entries are swept. Default: a quarter of the window, at most a second. */
  sweepIntervalMs?: number;
  /** The clock; Date.now unless a test drives it. */
  now?: () => number;
};

export class ReplayGuard {
  /** Request identity → the instant after which it can no longer be replayed. */
  private readonly seen = new Map<string, number>();
  private readonly windowMs: number;
  private readonly sweepIntervalMs: number;
  private readonly now: () => number;
  private nextSweep: number;

  constructor({ windowMs, sweepIntervalMs, now = Date.now }: ReplayGuardOptions) {
    if (!(windowMs > 0)) throw new Error('The replay window must be a positive number of milliseconds');
    this.windowMs = windowMs;
    // A quarter of the window, at most a second: a short window (tests) sweeps often.
    this.sweepIntervalMs = sweepIntervalMs ?? Math.min(1000, windowMs / 4);
    this.now = now;
    this.nextSweep = now() + this.sweepIntervalMs;
  }

  /**
   * Records a request signed at `sentAt`; false when the same key, timestamp and signature
   * were already recorded and have not expired (a replay).
   */
  claim(apiKey: string, timestamp: string, signature: string, sentAt: number): boolean {
    return this.claimUntil(apiKey, timestamp, signature, sentAt + this.windowMs);
  }

  /** As claim, with the instant the entry expires given (the store interface's form). */
  claimUntil(apiKey: string, timestamp: string, signature: string, expiresAt: number): boolean {
    const now = this.now();
    if (now >= this.nextSweep) this.sweep(now);
    // Newlines cannot occur in header values, so the identity is unambiguous.
    const identity = `${apiKey}\n${timestamp}\n${signature}`;
    const expires = this.seen.get(identity);
    if (expires !== undefined && expires >= now) return false;
    this.seen.set(identity, expiresAt);
    return true;
  }

  /** Requests currently remembered. */
  get size(): number {
    return this.seen.size;
  }

  /** Forgets every entry whose timestamp has left the window. */
  sweep(now = this.now()): void {
    for (const [identity, expiresAt] of this.seen) if (expiresAt < now) this.seen.delete(identity);
    this.nextSweep = now + this.sweepIntervalMs;
  }
}
