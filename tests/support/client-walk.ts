// The provider walk (packages/sandbox/src/walk/provider-walk.ts) made through the SDK client:
// each request of the spec's operations goes through `client.GET`/`client.POST` by its path
// template, as an integrator's backend calls; the sandbox's own lists (/sandbox/…) go over
// the tests' signed caller; the walk's deliberately wrong requests are not sent (a client
// cannot send them). Each call's outcome is kept, to hold the drift watch to what it did.
import { walkProvider } from '../../packages/sandbox/src/walk/provider-walk.ts';
import type { WalletApiClient } from '../../packages/sdk/src/client/index.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listOperations } from '../../packages/sdk/src/spec/openapi.ts';
import { sendSigned, type Credentials } from './signed-http.ts';

export type WalkedCall = { operation: string; status: number | undefined; error: unknown };

const templates = listOperations(loadBundledDocument()).map(({ method, path }) => ({
  method: method.toUpperCase(),
  path,
  names: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
  pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '([^/]+)')}$`),
}));

/** Walks every operation through `client`; `rounds` as the provider walk takes it. */
export async function walkThroughClient(client: WalletApiClient, baseUrl: string, credentials: Credentials, rounds = 1): Promise<WalkedCall[]> {
  const calls: WalkedCall[] = [];
  await walkProvider(async (request, probe) => {
    if (probe !== undefined) return undefined;
    const url = new URL(request.pathWithQuery, 'http://walk.invalid');
    const template = templates.find((t) => t.method === request.method && t.pattern.test(url.pathname));
    if (template === undefined) return (await sendSigned(baseUrl, request, credentials)).json;
    const values = template.pattern.exec(url.pathname)!.slice(1);
    const init = {
      params: {
        path: Object.fromEntries(template.names.map((name, i) => [name, decodeURIComponent(values[i]!)])),
        query: Object.fromEntries(url.searchParams),
      },
      ...(request.body === undefined ? {} : { body: JSON.parse(request.body) as unknown }),
    };
    const operation = `${template.method} ${template.path}`;
    const method = client[template.method as 'GET' | 'POST'] as unknown as (path: string, init: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    try {
      const result = await method(template.path, init);
      calls.push({ operation, status: result.response.status, error: undefined });
      return result.data ?? result.error;
    } catch (error) {
      calls.push({ operation, status: undefined, error });
      return undefined;
    }
  }, rounds);
  return calls;
}
