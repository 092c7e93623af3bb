// Starts Prism alone (stateless, examples from the spec, request validation on) on a
// loopback port: its own error shapes, not the service's envelope. What `npm run mock`,
// the contract runner and the client tests talk to is startApiMock (tools/mock/index.ts),
// Prism behind the envelope proxy; Prism alone is for the benchmarks' comparisons.
import { join } from 'node:path';
import { bundledSpecPath } from '../../packages/sandbox/src/spec/document.ts';
import { freePort, spawnService, waitForHttp } from '../support/process.ts';
import { repoRoot } from '../support/repo.ts';

const prismBin = join(repoRoot, 'node_modules/.bin/prism');

/** `processGroup`: the id of Prism's process group, for measuring its CPU. */
export type RunningPrism = { url: string; close: () => Promise<void>; output: () => string; processGroup: number };

export async function startPlainPrism(options: { port?: number; host?: string; specPath?: string } = {}): Promise<RunningPrism> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort());
  const service = spawnService(prismBin, ['mock', options.specPath ?? bundledSpecPath, '--host', host, '--port', String(port)]);
  const url = `http://${host}:${port}`;
  try {
    await waitForHttp(`${url}/api/v1/wallets`, 30_000, service.child);
  } catch (error) {
    await service.stop();
    throw new Error(`Prism did not start: ${(error as Error).message}\n${service.output()}`);
  }
  return { url, close: service.stop, output: service.output, processGroup: service.child.pid! };
}
