// The operation id of a call (`createSwap`), from the spec the SDK package ships as JSON
// (generated/openapi.json, read once, at the first call telemetry sees), the same document
// the command line reads (src/cli/spec.ts).
import { loadDocument } from '../cli/spec.ts';

let byOperation: Map<string, string> | undefined;

/** The id of `operation`, as the client names calls: `POST /api/v1/swaps/{id}/confirm`. */
export function operationIdOf(operation: string): string | undefined {
  if (byOperation === undefined) {
    byOperation = new Map();
    try {
      for (const [path, item] of Object.entries(loadDocument().paths ?? {})) {
        for (const [verb, operation] of Object.entries(item ?? {})) {
          const id = (operation as { operationId?: unknown } | null)?.operationId;
          if (typeof id === 'string') byOperation.set(`${verb.toUpperCase()} ${path}`, id);
        }
      }
    } catch {
      // Without the document, spans and metrics go without the operation id.
    }
  }
  return byOperation.get(operation);
}
