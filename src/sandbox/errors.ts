// The sandbox's refusals: each becomes the service's error envelope (src/envelope) with
// an HTTP code that names the class of problem.

/** HTTP codes the sandbox answers errors with: invalid input, auth, unknown resource, illegal state change. */
export type ErrorCode = 400 | 401 | 404 | 409;

export class SandboxError extends Error {
  constructor(
    readonly statusCode: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

export const invalidInput = (message: string) => new SandboxError(400, message);
export const unauthorized = (message: string) => new SandboxError(401, message);
export const notFound = (message: string) => new SandboxError(404, message);
export const conflict = (message: string) => new SandboxError(409, message);
