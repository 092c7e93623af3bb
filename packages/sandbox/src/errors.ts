// The sandbox's refusals: each has a class (what was wrong) and becomes the service's error
// envelope (packages/sdk/src/envelope) with the HTTP code of its class. A provider profile can give each
// class another code and message (packages/sandbox/src/profile), so every refusal names its class.

/** Every class of refusal the sandbox tells apart, with the HTTP code it answers by default. */
export const refusalStatuses = {
  missingApiKey: 401,
  unknownApiKey: 401,
  missingTimestamp: 401,
  malformedTimestamp: 401,
  timestampOutsideWindow: 401,
  missingSignature: 401,
  invalidSignature: 401,
  /** A signed request sent a second time while the replay guard is on. */
  replayedRequest: 401,
  /** Schema violations, unusable bodies, unknown values in a query or body, malformed URLs. */
  invalidInput: 400,
  /** An unknown id, coin in the path or route. */
  notFound: 404,
  /** A state change the record's state does not allow. */
  conflict: 409,
} as const;

export type RefusalClass = keyof typeof refusalStatuses;

export const refusalClasses = Object.keys(refusalStatuses) as RefusalClass[];

/** HTTP codes the sandbox answers refusals with: invalid input, auth, unknown resource, illegal state change. */
export type ErrorCode = (typeof refusalStatuses)[RefusalClass];

export class SandboxError extends Error {
  readonly statusCode: ErrorCode;

  constructor(
    readonly refusalClass: RefusalClass,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
    this.statusCode = refusalStatuses[refusalClass];
  }
}

export const invalidInput = (message: string) => new SandboxError('invalidInput', message);
export const notFound = (message: string) => new SandboxError('notFound', message);
export const conflict = (message: string) => new SandboxError('conflict', message);

/** The HTTP code and message a refusal is answered with. */
export type Refusal = { status: number; message: string };

/** How refusals are answered: from the class and the sandbox's own message. */
export type RefusalPolicy = (refusalClass: RefusalClass, message: string) => Refusal;

/** The sandbox's own answer: the class's code and the sandbox's message. */
export const sandboxRefusals: RefusalPolicy = (refusalClass, message) => ({ status: refusalStatuses[refusalClass], message });
