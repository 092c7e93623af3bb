// A provider profile: how "this provider" answers where the interface publishes nothing, so
// that the sandbox can stand in for a real provider (`SANDBOX_PROFILE=FILE`,
// `startSandbox({ profile })`). Without one the sandbox behaves as its README describes.
// Every entry is one deviation from what the spec says or leaves open, named so that a report
// on traffic from the sandbox can be compared with the profile entry by entry.
// profile.schema.json beside this file is the same shape as a JSON Schema, for editors and
// for the sandbox's check of a profile file; tests/sandbox/profile-schema.test.ts holds the
// two to each other.
import type { Refusal, RefusalClass } from '../errors.ts';

export { refusalClasses, type Refusal, type RefusalClass } from '../errors.ts';

/** A JSON value, as a profile file holds it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Deviations that contradict what the interface does say: for testing the error path of whatever reads the traffic. */
export type Contradiction =
  /** Records of the schema arrive without a field the interface lists as required. */
  | { kind: 'dropField'; schema: string; field: string }
  /**
   * A field arrives as another JSON type than the interface says: `as: "string"` turns a
   * documented number into its decimal string, `as: "number"` turns a documented string into
   * the number it spells, or 0 when it spells none.
   */
  | { kind: 'wrongType'; schema: string; field: string; as: 'string' | 'number' }
  /** The operation's success answer is its data alone, without the envelope. */
  | { kind: 'notEnvelope'; operationId: string }
  /** The operation answers HTTP 200 with the error envelope `{ status: "error", message, data: null }`. */
  | { kind: 'errorStatusOn2xx'; operationId: string; message: string };

export type ProviderProfile = {
  /** Where an editor finds profile.schema.json; the sandbox ignores it. */
  $schema?: string;
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
   * (`Transaction.status`), with their weights (whole numbers from 1): records take them in
   * turn, each as often as its weight says among every weight of the field. The value the
   * sandbox would give shows only when it is listed too.
   */
  values?: Record<string, Record<string, number>>;
  /** The data of operations whose response shape is not published, by operationId (`getRates`, `getDepositAddress`, …). */
  shapes?: Record<string, JsonValue>;
  /** HTTP status (400–599) and message of each refusal class (the sandbox's own otherwise). */
  refusals?: Partial<Record<RefusalClass, Refusal>>;
  /** The accepted distance of x-timestamp from the clock, in seconds; an explicit timestampWindowSeconds setting wins. */
  timestampWindowSeconds?: number;
  contradictions?: Contradiction[];
};
