// The operation id of a call (`createSwap`), from the client's generated operation table
// (packages/sdk/src/client/operations.generated.ts, written by `npm run generate`): nothing reads the
// spec at run time.
import { operationTable } from '../client/operations.generated.ts';

const byOperation = new Map<string, string>(Object.entries(operationTable).map(([id, row]) => [`${row.method} ${row.path}`, id]));

/** The id of `operation`, as the client names calls: `POST /api/v1/swaps/{id}/confirm`. */
export function operationIdOf(operation: string): string | undefined {
  return byOperation.get(operation);
}
