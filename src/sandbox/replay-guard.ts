// The opt-in replay guard. The provider publishes no replay rule; the sandbox offers one so
// integrators can prove their client never sends the same signed request twice. A request
// is a replay when the same API key already sent the same x-timestamp and x-signature.
// An entry is needed only while its timestamp is inside the window: after that the
// timestamp check refuses the request anyway. So entries expire with the window and the
// memory held is bounded by the request rate times the window.

export class ReplayGuard {
  /** API key, timestamp and signature → the instant after which the entry may be dropped. */
  readonly #seen = new Map<string, number>();
  #nextSweepAt = 0;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records the request; false when the same one was already recorded and has not expired. */
  admit(apiKey: string, timestamp: string, signature: string, sentAt: number): boolean {
    const now = this.now();
    this.#sweep(now);
    const key = `${apiKey}\n${timestamp}\n${signature}`;
    const expiresAt = this.#seen.get(key);
    if (expiresAt !== undefined && expiresAt >= now) return false;
    this.#seen.set(key, sentAt + this.windowMs);
    return true;
  }

  /** Entries held now. */
  get size(): number {
    return this.#seen.size;
  }

  /** Drops expired entries, at most once per tenth of the window, so the cost stays amortised. */
  #sweep(now: number): void {
    if (now < this.#nextSweepAt) return;
    this.#nextSweepAt = now + Math.max(1, this.windowMs / 10);
    for (const [key, expiresAt] of this.#seen) if (expiresAt < now) this.#seen.delete(key);
  }
}
