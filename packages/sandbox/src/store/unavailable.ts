// The store could not be reached: the database is down, restarting or out of reach. Every
// call that needs state then answers 503 with the error envelope (plugins/errors.ts) and
// readiness says not ready, until the store answers again; nothing was changed, since
// every change is one statement or one transaction that did not commit.

export class StoreUnavailableError extends Error {
  constructor(readonly reason: string) {
    super("Service unavailable: the sandbox's database cannot be reached; retry shortly");
    this.name = 'StoreUnavailableError';
  }
}

/** Network errors of the socket to the database. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);

/**
 * Whether an error from the database client means the database is out of reach (rather
 * than a statement that failed): connection exceptions (SQLSTATE class 08), an
 * administrator's shutdown or a server starting or stopping (57P01–57P03), a socket error,
 * or the client's own words for a closed connection or a pool that could not connect in time.
 */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || socketCodes.has(code))) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|the database system is (starting up|shutting down)/i.test(error.message);
}
