// The sandbox's behaviour layer: what makes the sandbox answer like a particular provider
// rather than by its own rules. A provider profile is the standing behaviour (profile.ts);
// an armed per-tenant override ("the next 3 calls answer 503") would be another Behaviour
// over it. The layer acts at three points, all off the hot path when no behaviour is set:
//   - refusals: the code and message of each refusal class (errors plugin, client errors);
//   - decide: before an operation's handler runs, it may answer instead or hold the request;
//   - transform: after the handler, the success answer as it is sent.
// Only the routes of operations the behaviour touches get the hooks (plugin.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RefusalPolicy } from '../errors.ts';

/**
 * What an answer breaks on purpose, so that the response self-check excuses exactly that
 * and still catches anything else. Pointers are JSON pointers into the envelope, also when
 * the envelope is not sent (bare).
 */
export type DeliberateBreaks = {
  /** The body is the envelope's data alone. */
  bare: boolean;
  /** The body is the error envelope, sent with a success code. */
  errorEnvelope: boolean;
  /** Required fields left out of records: the record's pointer and the field. */
  dropped: { record: string; field: string }[];
  /** Values of another JSON type than the spec's, by pointer. */
  retyped: string[];
};

/** A success answer as the behaviour sends it. */
export type TransformedAnswer = { body: unknown; breaks: DeliberateBreaks };

export type Behaviour = {
  /** How refusals are answered. */
  refusals: RefusalPolicy;
  /** Whether the behaviour may act on the operation: only those routes get its hooks. */
  touches(operationId: string): boolean;
  /**
   * Runs before the operation's handler (after authentication and validation). Sending an
   * answer on `reply` stops the handler from running; returning lets it run.
   */
  decide?(operationId: string, request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The operation's success answer (the handler's envelope, never changed in place) as it is sent; asynchronous, as a rotation's turn is the store's. */
  transform?(operationId: string, answer: unknown): TransformedAnswer | Promise<TransformedAnswer>;
};

/** Where the transform hook leaves what each answer breaks on purpose, for the response self-check. */
export type BreaksRecord = WeakMap<FastifyRequest, DeliberateBreaks>;
