// Where ids and time come from. Normal mode uses random ids and the wall clock;
// deterministic mode (for tests and recorded examples) uses counters and a fixed instant,
// so the same requests always produce the same responses. The counters are the store's
// (store/store.ts): in PostgreSQL every replica draws from the same ones, so deterministic
// ids never collide either.
import { randomBytes } from 'node:crypto';
import { after, type Awaitable, type SandboxStore } from './store/store.ts';

export type Runtime = {
  /** The time stamped on records and tickers. */
  now(): Date;
  /** A 24-hex-digit identifier, the shape the service uses for _id and transactionId (at once, or once the store's counter answers). */
  newId(): Awaitable<string>;
  /** A human-readable transaction reference: fixed prefix, hyphen, digits. */
  newUid(): Awaitable<string>;
};

/** The instant every record carries in deterministic mode. */
export const fixedInstant = new Date('2026-01-01T00:00:00.000Z');

/** The first deterministic reference is TRX-100001. */
const firstUid = 100_000;

export function createRuntime(deterministic: boolean, store: Pick<SandboxStore, 'nextCount'>): Runtime {
  if (deterministic) {
    return {
      now: () => new Date(fixedInstant),
      newId: () => after(store.nextCount('id'), (count) => count.toString(16).padStart(24, '0')),
      newUid: () => after(store.nextCount('uid'), (count) => `TRX-${firstUid + count}`),
    };
  }
  return {
    now: () => new Date(),
    // 96 random bits: two replicas drawing ids independently never meet in practice.
    newId: () => randomBytes(12).toString('hex'),
    newUid: () => `TRX-${randomBytes(4).readUInt32BE(0).toString().padStart(10, '0')}`,
  };
}
