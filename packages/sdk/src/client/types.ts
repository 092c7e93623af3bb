// Named types of every schema and envelope. The schema names (Wallet, Swap, …) are
// exported by generated/schema.d.ts itself (openapi-typescript's root types), so they
// follow the spec on every `npm run generate` and are never listed by hand.
import type { components, operations } from '../../../../generated/schema.d.ts';

export type * from '../../../../generated/schema.d.ts';
export type { SuccessEnvelope } from '../envelope/index.ts';

/** Operation ids of the spec, e.g. "createSwap". */
export type OperationId = keyof operations;

/** The `data` of an operation's success envelope, by operation id. */
export type OperationData<Id extends OperationId> = operations[Id]['responses'][200]['content']['application/json']['data'];

/** Every named schema type, keyed by its name in the spec. */
export type NamedSchemas = components['schemas'];
