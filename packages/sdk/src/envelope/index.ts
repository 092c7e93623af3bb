// The service's `{status, message, data}` envelope, shared by the client, the sandbox, the
// mock and the docs server. The types come from the generated spec types, so a change to
// the envelope in the spec reaches every part on the next `npm run generate`.
import type { components } from '../../../../generated/schema.d.ts';

export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];
export type SuccessStatus = components['schemas']['SuccessStatus'];

/** The success envelope around an operation's data. */
export type SuccessEnvelope<Data> = { status: SuccessStatus; message: string; data: Data };

/** Any `{status, message, data}` object, before its status is known to be one the spec names. */
export type AnyEnvelope = { status: string; message: string; data: unknown };

export function errorEnvelope(message: string): ErrorEnvelope {
  return { status: 'error', message, data: null };
}

/**
 * `Data` is taken from where the envelope goes (a handler's declared answer), never from
 * `data` itself, so a field the spec does not have is an excess-property error.
 */
export function successEnvelope<Data>(message: string, data: NoInfer<Data>): SuccessEnvelope<Data> {
  return { status: 'success', message, data };
}

/** Has a string `status`, a string `message` and a `data` member (of any value). */
export function isEnvelope(value: unknown): value is AnyEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const envelope = value as Partial<AnyEnvelope>;
  return typeof envelope.status === 'string' && typeof envelope.message === 'string' && 'data' in envelope;
}

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return isEnvelope(value) && value.status === 'error' && value.data === null;
}

export function isSuccessEnvelope(value: unknown): value is SuccessEnvelope<unknown> {
  return isEnvelope(value) && value.status === 'success';
}
