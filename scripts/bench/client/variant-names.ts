// The variants `npm run bench:client` compares (variants.ts says what each does), in the
// order it prints them, and the floor every other one is compared with.
export const variantNames = ['raw fetch', 'raw fetch+timeout', 'raw fetch+signing', 'openapi-fetch', 'clone-and-read', 'client (signed)', 'client method', 'client + no-op mw', 'client + drift report'] as const;
export type VariantName = (typeof variantNames)[number];
/** raw fetch with the client's signing and timeout: the least any signing client does per call. */
export const floor = 'raw fetch+signing' satisfies VariantName;
/** The variants the goals are about, this client's path-string call and method call, with middleware, and watching for drift: the default run compares only these with the floor. */
export const goalVariants = ['client (signed)', 'client method', 'client + no-op mw', 'client + drift report'] as const satisfies readonly VariantName[];
/** The operation layer: the method call is held to the path-string call beneath it. */
export const operationLayer = { method: 'client method', path: 'client (signed)', atLeast: 0.98 } as const satisfies { method: VariantName; path: VariantName; atLeast: number };
