// A path the sandbox serves, asked with a method it does not declare there, is 405 with an
// `Allow` header listing the methods it does declare, and the error envelope; a path it does
// not serve stays 404. The expected methods come from the spec itself, not from the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ logger: false });
});
afterAll(() => sandbox.close());

const document = loadBundledDocument() as { paths: Record<string, Record<string, unknown>> };
const httpMethods = ['get', 'put', 'post', 'delete', 'patch'];

/** The spec's paths with an example id in place of each parameter, and the methods each declares. */
const declared = Object.entries(document.paths).map(([template, item]) => {
  const methods = Object.keys(item).filter((key) => httpMethods.includes(key)).map((key) => key.toUpperCase());
  return { template, path: template.replace(/\{[^}]+\}/g, 'abc123'), methods };
});

function allowed(header: string | null): string[] {
  return (header ?? '').split(',').map((method) => method.trim()).filter(Boolean).sort();
}

describe('a method a known path does not declare', () => {
  it.each(declared)('$template answers 405 to the others, with Allow', async ({ path, methods }) => {
    const undeclared = httpMethods.map((m) => m.toUpperCase()).filter((method) => !methods.includes(method));
    expect(undeclared.length).toBeGreaterThan(0);
    const expected = [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].sort();
    for (const method of undeclared) {
      const answer = await fetch(`${sandbox.url}${path}`, { method });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(allowed(answer.headers.get('allow')), `${method} ${path}`).toEqual(expected);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await answer.json()).toEqual({ status: 'error', message: `Method ${method} not allowed on ${path}: it answers ${expected.join(', ')}`, data: null });
    }
  });

  it('the sandbox helpers answer 405 too', async () => {
    const answer = await fetch(`${sandbox.url}/sandbox/reset`, { method: 'GET' });
    expect(answer.status).toBe(405);
    expect(allowed(answer.headers.get('allow'))).toEqual(['POST']);
  });

  it('a path nobody serves stays 404, whatever the method', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await fetch(`${sandbox.url}/api/v1/nothing-here`, { method });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('allow')).toBeNull();
      expect((await answer.json()).message).toBe(`No operation ${method} /api/v1/nothing-here`);
    }
  });
});
