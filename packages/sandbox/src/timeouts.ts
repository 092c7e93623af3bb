// How long the sandbox waits for a connection before reclaiming it. Node and Fastify wait
// without limit by default (Fastify: no connection or request timeout, 72 s keep-alive),
// so a client that opens connections and sends nothing, or drips its headers a byte at a
// time, holds a socket and a file descriptor for ever. A sandbox left running for days in
// shared CI must reclaim them.

export type SandboxTimeouts = {
  /** A socket with no traffic for this long is closed (Fastify's connectionTimeout). */
  connectionMs: number;
  /** The request line and headers must arrive within this long (Node's headersTimeout). */
  headersMs: number;
  /** The whole request, body included, must arrive within this long (Fastify's requestTimeout). */
  requestMs: number;
  /** An idle kept-alive connection is closed after this long (Fastify's keepAliveTimeout). */
  keepAliveMs: number;
};

/**
 * The defaults: generous for a loopback caller (a signed request is sent in well under a
 * millisecond), short enough that idle or dripping connections are reclaimed in seconds.
 */
export const defaultSandboxTimeouts: SandboxTimeouts = {
  connectionMs: 10_000,
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
};

/** The defaults with any overrides, checked: every value a positive number of milliseconds, headers within the request's time. */
export function resolveTimeouts(overrides: Partial<SandboxTimeouts> = {}): SandboxTimeouts {
  const timeouts = { ...defaultSandboxTimeouts, ...overrides };
  for (const [name, value] of Object.entries(timeouts)) {
    if (!(Number.isFinite(value) && value > 0)) throw new Error(`timeouts.${name} must be a positive number of milliseconds`);
  }
  if (timeouts.headersMs > timeouts.requestMs) throw new Error('timeouts.headersMs must not exceed timeouts.requestMs');
  return timeouts;
}

/**
 * How often Node checks connections against headersMs and requestMs (its default is 30 s,
 * which would let a dripping client hold a connection up to 30 s past the limit).
 */
export function checkingIntervalMs(timeouts: SandboxTimeouts): number {
  return Math.max(50, Math.min(1000, timeouts.headersMs / 4));
}
