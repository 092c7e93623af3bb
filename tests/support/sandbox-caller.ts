// Calls a running sandbox the way an integrator's backend does (signed with the shared
// signer over real HTTP, by ./signed-http.ts) and checks every response it sees against
// the spec: API responses by operation and status, test-helper responses by the envelope
// and the Transaction schema. A response that breaks the spec fails the calling test.
import { isSuccessEnvelope } from '../../packages/sdk/src/envelope/index.ts';
import { SpecValidator } from '../../packages/sandbox/src/spec/validator.ts';
import { distinctInstants, sendSigned, type Credentials } from './signed-http.ts';

export const specValidator = new SpecValidator();

export type { Credentials };

export type CallOptions = {
  /** Path parameters for the template's {placeholders}. */
  params?: Record<string, string>;
  /** Query string, appended as given (already encoded) or built from an object. */
  query?: string | Record<string, string | number>;
  /** JSON-encoded for the request; use rawBody to send exact bytes. */
  body?: unknown;
  rawBody?: string;
  /** Default application/json when a body is sent; null sends none. */
  contentType?: string | null;
  /** Overrides (a value) or removes (null) any of the authentication headers. */
  auth?: { 'x-api-key'?: string | null; 'x-timestamp'?: string | null; 'x-signature'?: string | null };
  /** Signs with another secret (a wrong signature). */
  signWith?: string;
  /** The timestamp signed and sent, exactly (a replay sends the same one twice). */
  timestamp?: Date;
  /** Signs and sends a timestamp this many seconds from the moment of sending (negative: in the past). */
  timestampOffsetSeconds?: number;
};

export type CallResult = { status: number; body: Record<string, any> };

function fillTemplate(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
}

/** Checks a response against the spec: by operation for /api/v1, otherwise as a test helper's. */
export function checkAgainstSpec(method: string, template: string, status: number, body: unknown): void {
  const operation = specValidator.document.paths[template]?.[method.toLowerCase()];
  let result;
  if (operation) {
    result = specValidator.validateResponse(method, template, status, body);
  } else if (status >= 400) {
    result = specValidator.validateAt('#/components/schemas/ErrorEnvelope', body);
  } else {
    if (!isSuccessEnvelope(body)) result = { valid: false as const, message: 'not a success envelope' };
    else result = body.data === null ? { valid: true as const } : specValidator.validateAt('#/components/schemas/Transaction', body.data);
  }
  if (!result.valid) throw new Error(`${method} ${template} answered ${status} with a body the spec does not allow: ${result.message}\n${JSON.stringify(body)}`);
}

/** The timestamp to sign, if the options set one; an offset is counted from now, the moment of sending. */
function timestampOf({ timestamp, timestampOffsetSeconds }: CallOptions): Date | undefined {
  if (timestamp) return timestamp;
  return timestampOffsetSeconds === undefined ? undefined : new Date(Date.now() + timestampOffsetSeconds * 1000);
}

export class SandboxCaller {
  /** Every (method, template, status) answered, for coverage checks. */
  constructor(
    readonly baseUrl: string,
    readonly credentials: Credentials,
    readonly seen: { method: string; template: string; status: number }[] = [],
  ) {}

  /** The same sandbox with other credentials (sharing the record of responses seen). */
  as(credentials: Credentials): SandboxCaller {
    return new SandboxCaller(this.baseUrl, credentials, this.seen);
  }

  /** The instant a request is signed at unless it names one: never the same millisecond twice (a replay is asked for with `timestamp`). */
  private readonly instant = distinctInstants();

  async call(method: string, template: string, options: CallOptions = {}): Promise<CallResult> {
    const query = typeof options.query === 'string' ? options.query : options.query ? new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)])).toString() : '';
    const pathWithQuery = fillTemplate(template, options.params) + (query ? `?${query}` : '');
    const body = options.rawBody ?? (options.body === undefined ? '' : JSON.stringify(options.body));
    const contentType = options.contentType === undefined ? (body === '' ? null : 'application/json') : options.contentType;
    const response = await sendSigned(
      this.baseUrl,
      {
        method,
        pathWithQuery,
        ...(body === '' ? {} : { body }),
        ...(contentType === null ? {} : { contentType }),
        auth: { ...(options.signWith === undefined ? {} : { secret: options.signWith }), timestamp: timestampOf(options) ?? this.instant(), ...(options.auth ? { headers: options.auth } : {}) },
      },
      this.credentials,
    );
    if (!response.contentType.startsWith('application/json')) throw new Error(`${method} ${pathWithQuery} answered ${response.status} with ${response.contentType}: ${response.text}`);
    const parsed = JSON.parse(response.text) as Record<string, any>;
    checkAgainstSpec(method, template, response.status, parsed);
    this.seen.push({ method: method.toLowerCase(), template, status: response.status });
    return { status: response.status, body: parsed };
  }

  get = (template: string, options?: CallOptions) => this.call('GET', template, options);
  post = (template: string, options?: CallOptions) => this.call('POST', template, options);
}
