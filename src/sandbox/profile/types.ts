// A provider profile: how "this provider" answers where the interface publishes nothing, so
// that the sandbox can stand in for a real provider (`SANDBOX_PROFILE=FILE`,
// `startSandbox({ profile })`). Without one the sandbox behaves as its README describes.
// Every entry is one deviation from what the spec says or leaves open, named so that a report
// on traffic from the sandbox can be compared with the profile entry by entry.
// profile.schema.json beside this file is the same shape as a JSON Schema, for editors and
// for the sandbox's check of a profile file.

/** A JSON value, as a profile file holds it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The refusal classes the sandbox tells apart; a profile sets the HTTP status and message of each. */
export const refusalClasses = [
  'missingApiKey',
  'unknownApiKey',
  'missingTimestamp',
  'malformedTimestamp',
  'timestampOutsideWindow',
  'missingSignature',
  'invalidSignature',
  'invalidInput',
  'notFound',
  'conflict',
] as const;
export type RefusalClass = (typeof refusalClasses)[number];

export type Refusal = { status: number; message: string };

/** Deviations that contradict what the interface does say: for testing the error path of whatever reads the traffic. */
export type Contradiction =
  /** Records of the schema arrive without a field the interface lists. */
  | { kind: 'dropField'; schema: string; field: string }
  /** A field arrives as another JSON type than the interface says (a number where a string is documented, or the reverse). */
  | { kind: 'wrongType'; schema: string; field: string; as: 'string' | 'number' }
  /** The operation's success answer is its data alone, without the envelope. */
  | { kind: 'notEnvelope'; operationId: string }
  /** The operation answers HTTP 200 with `status: "error"`. */
  | { kind: 'errorStatusOn2xx'; operationId: string };

export type ProviderProfile = {
  /** Shown in the start banner and in reports. */
  name: string;
  description?: string;
  /**
   * Fields records carry beyond those the interface lists, by schema name (`Swap`,
   * `Transaction`, …) and field name, with the value each record gets.
   */
  extraFields?: Record<string, Record<string, JsonValue>>;
  /**
   * Values an open string takes that the interface has not shown, by `Schema.field`
   * (`Transaction.status`), with their weights: records take them in turn, each as often as
   * its weight says among every weight of the field (the values the sandbox would give
   * keep weight 0 unless listed).
   */
  values?: Record<string, Record<string, number>>;
  /** The data of operations whose response shape is not published, by operationId (`getRates`, `getDepositAddress`, …). */
  shapes?: Record<string, JsonValue>;
  /** HTTP status and message of each refusal class (the sandbox's own otherwise). */
  refusals?: Partial<Record<RefusalClass, Refusal>>;
  /** The accepted distance of x-timestamp from the clock, in seconds. */
  timestampWindowSeconds?: number;
  contradictions?: Contradiction[];
};
