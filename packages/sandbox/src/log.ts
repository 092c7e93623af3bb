// The sandbox's request log, through the privacy policy: the URL with its identifiers and
// protected parameters masked, every message and error too, and the policy's secret headers
// redacted in case a serializer ever includes headers.
import type { FastifyServerOptions } from 'fastify';
import { defaultPolicy, redactedValue, secretHeaderNames } from '../../sdk/src/privacy/index.ts';
import { readableLogStream } from './readable-log.ts';

/** The request and error of a log line, through the privacy policy. */
const sandboxLogSerializers = {
  req: (request: { method?: string; url?: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) => ({
    method: request.method,
    url: request.url === undefined ? undefined : defaultPolicy.redactUrl(request.url),
    hostname: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  err: (error: Error & { code?: unknown; statusCode?: unknown }) => ({
    type: error.name,
    message: defaultPolicy.redactText(String(error.message)),
    stack: defaultPolicy.redactText(String(error.stack ?? '')),
    ...(error.code === undefined ? {} : { code: error.code }),
    ...(error.statusCode === undefined ? {} : { statusCode: error.statusCode }),
  }),
};

/** Every text given to a log call (its message, a format's arguments) through the privacy policy. */
function redactedLogMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
  method.apply(this, args.map((arg) => (typeof arg === 'string' ? defaultPolicy.redactText(arg) : arg)));
}

/** How the sandbox's log goes through the privacy policy (what its tests check). */
export const sandboxLogRedaction = { serializers: sandboxLogSerializers, message: (text: string) => defaultPolicy.redactText(text) };

/** Fastify's logger settings for the sandbox: JSON lines, or the readable form for a terminal. */
export function sandboxLogger(style: 'json' | 'readable' | undefined): NonNullable<FastifyServerOptions['logger']> {
  return {
    redact: { paths: secretHeaderNames.map((name) => `req.headers["${name}"]`), censor: redactedValue },
    serializers: sandboxLogSerializers,
    hooks: { logMethod: redactedLogMethod },
    // Written through process.stdout (synchronous for files and pipes) rather than pino's
    // own asynchronous destination, so log lines and what the command prints keep their
    // order: the start banner is always last.
    stream: style === 'readable' ? readableLogStream(process.stdout) : process.stdout,
  };
}
