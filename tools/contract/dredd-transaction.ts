// The parts of a Dredd 14 transaction the contract hooks read and change (see Dredd's
// "Transaction Object Reference"). Dredd has no TypeScript types of its own.

export type DreddHeaders = Record<string, string>;

export type DreddTransaction = {
  name: string;
  id: string;
  origin: { apiName: string; resourceName: string; actionName: string; exampleName: string; filename: string };
  request: { method: string; uri: string; headers: DreddHeaders; body: string };
  expected: { statusCode?: string; headers: DreddHeaders; body?: string; bodySchema?: unknown };
  real?: { statusCode: number; headers: DreddHeaders; body: string };
  fullPath: string;
  /** Where Dredd sends the request: protocol ("http:"), host name and port of the endpoint. */
  protocol: string;
  host: string;
  port: string;
  /** Set by Dredd (Date.now()) just before it sends the request. */
  startedAt?: number;
  skip: boolean;
  /** A string here makes Dredd report the transaction as failed with that message. */
  fail?: boolean | string;
  test?: { status?: string; valid?: boolean; message?: string };
};

export type Hook = (transaction: DreddTransaction, done: () => void) => void;
export type AllHook = (transactions: DreddTransaction[], done: () => void) => void;

/** The `hooks` object Dredd passes to JavaScript hook files (only what the project uses). */
export type DreddHooks = {
  configuration: { endpoint: string };
  beforeAll(hook: AllHook): void;
  beforeEach(hook: Hook): void;
  beforeEachValidation(hook: Hook): void;
  afterEach(hook: Hook): void;
  afterAll(hook: AllHook): void;
  log(message: string): void;
};

/** Sets a header, replacing any spelling of its name already present. */
export function setHeader(headers: DreddHeaders, name: string, value: string): void {
  removeHeader(headers, name);
  headers[name] = value;
}

export function removeHeader(headers: DreddHeaders, name: string): void {
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
}

/**
 * Adapts an async hook to Dredd's callback form: Dredd awaits a hook only when it takes
 * `done`, and treats a thrown error as a hook error that halts the whole run, so a
 * rejection fails just this transaction instead.
 */
export function asyncHook(body: (transaction: DreddTransaction) => Promise<void>): Hook {
  return (transaction, done) => {
    body(transaction).then(done, (error: unknown) => {
      transaction.fail = error instanceof Error ? error.message : String(error);
      done();
    });
  };
}
