// One server of the sandbox benchmark, run in its own process so it does not share an
// event loop with the load generator: the sandbox (its state in memory, or with
// --database-url in PostgreSQL), or "bare", which answers each `METHOD path` of --payloads
// with its stored JSON from a plain Fastify route serialised with the same response schema
// the sandbox's route has (the spec's 200 schema, through fast-json-stringify), so the
// comparison measures the sandbox's own work.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { startSandbox } from '../../../packages/sandbox/src/index.ts';
import { loadBundledDocument } from '../../../packages/sandbox/src/spec/document.ts';
import { resolvePointer } from '../../../tools/spec/examples.ts';
import { readBenchOptions } from '../support/options.ts';

/** The spec's 200 schema of an operation with every $ref inlined (fast-json-stringify needs no refs then). */
function successSchema(method: 'get' | 'post', path: string): unknown {
  const doc = loadBundledDocument();
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (node === null || typeof node !== 'object') return node;
    const { $ref, 'x-undocumented': _marker, example: _example, ...rest } = node as Record<string, unknown>;
    if (typeof $ref === 'string') return inline({ ...(resolvePointer(doc, $ref) as object), ...rest });
    return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inline(value)]));
  };
  const operation = doc.paths[path]?.[method];
  if (!operation) throw new Error(`no ${method.toUpperCase()} ${path} in the spec`);
  return inline((operation.responses['200'] as { content: { 'application/json': { schema: unknown } } }).content['application/json'].schema);
}

const { mode, port, payloads: payloadPath, 'database-url': databaseUrl, 'pool-size': poolSize } = readBenchOptions(
  { command: 'tsx scripts/bench/sandbox/target-server.ts', about: 'Serves the sandbox, or the bare Fastify route it is compared with, on 127.0.0.1 until SIGTERM.' },
  {
    mode: { kind: 'text', placeholder: 'MODE', choices: ['sandbox', 'bare'], required: true, about: 'the sandbox, or the bare route' },
    port: { kind: 'whole number', min: 1, max: 65_535, required: true, about: 'the port to listen on' },
    payloads: { kind: 'text', placeholder: 'FILE', about: 'with bare: a JSON file of "METHOD path" → the JSON to answer it with' },
    'database-url': { kind: 'text', placeholder: 'URL', about: 'with sandbox: keep the state in this PostgreSQL database' },
    'pool-size': { kind: 'whole number', min: 1, max: 1000, about: "with --database-url: the replica's connection pool (default: the sandbox's, 10)" },
  },
);

if (mode === 'sandbox') {
  const sandbox = await startSandbox({ port, ...(databaseUrl ? { databaseUrl } : {}), ...(poolSize ? { databasePoolSize: poolSize } : {}) });
  process.once('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
} else if (mode === 'bare' && payloadPath) {
  const payloads = JSON.parse(readFileSync(payloadPath, 'utf8')) as Record<string, unknown>;
  const app = Fastify();
  for (const [route, payload] of Object.entries(payloads)) {
    const [method, path] = route.split(' ') as ['GET' | 'POST', string];
    app.route({ method, url: path, schema: { response: { 200: successSchema(method === 'GET' ? 'get' : 'post', path) } }, handler: async () => payload });
  }
  await app.listen({ host: '127.0.0.1', port });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
} else {
  process.stderr.write('--mode bare needs --payloads\n');
  process.exit(2);
}
