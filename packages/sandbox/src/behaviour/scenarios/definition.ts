// What a failure scenario is, as a caller arms it: which calls it picks and what they get.
// The JSON Schema below is the whole check of a definition, wherever it comes from (the
// /sandbox/scenarios route validates with it as its body schema; startSandbox().scenarios,
// the in-process handlers and SANDBOX_SCENARIOS compile the same schema), so every bad
// definition is refused naming the field, and every value is bounded.

/** What the picked calls get. */
export const answerKinds = [
  /** An error envelope with `status` (400–599) and `message`; the operation does not run. */
  'error',
  /** 429 or 503 with `Retry-After: retryAfterSeconds` and an error envelope; the operation does not run. */
  'throttle',
  /** The answer as usual, its headers `delayMs` late; the operation runs once, after the wait. */
  'delay',
  /** The answer as usual, its body sent in pieces over `delayMs`; the operation runs once. */
  'dribble',
  /** The connection closed before any answer; the operation does not run. */
  'reset-before-headers',
  /** The headers and part of the body sent, then the connection closed; the operation has run. */
  'reset-after-headers',
  /** The answer's body cut in half, sent as a whole answer (its Content-Length the cut one's); the operation has run. */
  'truncated',
  /** An HTML page instead of JSON, with `status` (default 502), as a gateway in front of the service sends; the operation does not run. */
  'not-json',
  /** HTTP 200 with the error envelope (`status: "error"`, `message`); the operation does not run. */
  'error-on-200',
] as const;

export type AnswerKind = (typeof answerKinds)[number];

export const comparisons = ['=', '!=', '>', '>=', '<', '<='] as const;
export type Comparison = (typeof comparisons)[number];

export type ScenarioDefinition = {
  /** The operationId of the calls it picks; every operation when left out. */
  operation?: string;
  /** How many calls it answers, then it is spent (default 1). */
  times?: number;
  /** Answers every call it picks, until cleared (instead of `times`). */
  every?: boolean;
  /** Lets this many of the calls it would pick pass first (default 0). */
  after?: number;
  /** Picks only calls whose JSON body has `field` compared to `value` this way (numbers, and strings that spell numbers, compared as numbers). */
  when?: { field: string; op: Comparison; value: string | number | boolean };
  answer: AnswerKind;
  status?: number;
  message?: string;
  retryAfterSeconds?: number;
  delayMs?: number;
};

/** At most this many scenarios are armed per API key at once. */
export const scenarioLimit = 20;

const requireWhen = (kinds: AnswerKind[], required: string[], more: Record<string, unknown> = {}) => ({
  if: { properties: { answer: { enum: kinds } } },
  then: { required, ...(Object.keys(more).length ? { properties: more } : {}) },
});

/** The definition's schema, for the operations of the document served. */
export function scenarioSchema(operationIds: readonly string[]) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['answer'],
    properties: {
      operation: { type: 'string', enum: [...operationIds] },
      times: { type: 'integer', minimum: 1, maximum: 1000 },
      every: { const: true },
      after: { type: 'integer', minimum: 0, maximum: 1000 },
      when: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'op', 'value'],
        properties: {
          field: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' },
          op: { enum: [...comparisons] },
          value: { type: ['string', 'number', 'boolean'], maxLength: 200 },
        },
      },
      answer: { enum: [...answerKinds] },
      status: { type: 'integer', minimum: 200, maximum: 599 },
      message: { type: 'string', minLength: 1, maxLength: 500 },
      retryAfterSeconds: { type: 'integer', minimum: 0, maximum: 3600 },
      delayMs: { type: 'integer', minimum: 1, maximum: 30_000 },
    },
    allOf: [
      requireWhen(['error'], ['status'], { status: { minimum: 400 } }),
      requireWhen(['throttle'], ['status', 'retryAfterSeconds'], { status: { enum: [429, 503] } }),
      requireWhen(['delay', 'dribble'], ['delayMs']),
      // `times` and `every` exclude each other.
      { if: { required: ['every'] }, then: { properties: { times: false } } },
    ],
  } as const;
}
