// One server of the sandbox benchmark, run in its own process so it does not share an
// event loop with the load generator. Usage: tsx scripts/bench-target.ts sandbox|bare PORT [PAYLOADS.json]
// "bare" answers each path of PAYLOADS.json with its stored JSON from a plain Fastify route.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { startSandbox } from '../src/sandbox/index.ts';

const [mode, portText, payloadPath] = process.argv.slice(2);
const port = Number(portText);

if (mode === 'sandbox') {
  const sandbox = await startSandbox({ port });
  process.once('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
} else if (mode === 'bare' && payloadPath) {
  const payloads = JSON.parse(readFileSync(payloadPath, 'utf8')) as Record<string, unknown>;
  const app = Fastify();
  for (const [path, payload] of Object.entries(payloads)) app.get(path, async () => payload);
  await app.listen({ host: '127.0.0.1', port });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
} else {
  process.stderr.write('usage: bench-target.ts sandbox|bare PORT [PAYLOADS.json]\n');
  process.exit(2);
}
