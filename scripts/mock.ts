// npm run mock: the Prism mock of generated/openapi.yaml behind the envelope proxy, on
// 127.0.0.1:${PORT:-4010}. Ctrl-C stops both.
import { startApiMock } from '../tools/mock/index.ts';
import { closeOnSignal, portFromEnv } from '../packages/sandbox/src/shutdown.ts';

const mock = await startApiMock({ port: portFromEnv('PORT', 4010) });
closeOnSignal(mock.close);
process.stdout.write(`Mock API: ${mock.url}/api/v1 (Prism behind the envelope proxy; Ctrl-C to stop)\n`);
