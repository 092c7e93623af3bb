// Where ids and time come from. Normal mode uses random ids and the wall clock;
// deterministic mode (for tests and recorded examples) uses counters and a fixed instant,
// so the same requests always produce the same responses.
import { randomBytes } from 'node:crypto';

export type Runtime = {
  /** The time stamped on records and tickers. */
  now(): Date;
  /** A 24-hex-digit identifier, the shape the service uses for _id and transactionId. */
  newId(): string;
  /** A human-readable transaction reference: fixed prefix, hyphen, digits. */
  newUid(): string;
};

/** The instant every record carries in deterministic mode. */
export const fixedInstant = new Date('2026-01-01T00:00:00.000Z');

export function createRuntime(deterministic: boolean): Runtime {
  if (deterministic) {
    let ids = 0;
    let uids = 100_000;
    return {
      now: () => new Date(fixedInstant),
      newId: () => (++ids).toString(16).padStart(24, '0'),
      newUid: () => `TRX-${++uids}`,
    };
  }
  return {
    now: () => new Date(),
    newId: () => randomBytes(12).toString('hex'),
    newUid: () => `TRX-${randomBytes(4).readUInt32BE(0).toString().padStart(10, '0')}`,
  };
}
