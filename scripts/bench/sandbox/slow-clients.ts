// The misbehaving side of the sandbox benchmark's slow-connection scenario, run in its own
// process so its sockets and timers load neither the server nor the load generator.
// Keeps --count connections open to --url: `idle` ones send nothing; `drip` ones send a
// request's headers one byte per --drip-interval-ms, never finishing them. A connection the
// server closes is opened again, so the pressure stays constant; each half second a JSON
// line reports { open, opened, reclaimed, failed }.
import { connect, type Socket } from 'node:net';
import { readBenchOptions } from '../support/options.ts';

const options = readBenchOptions(
  { command: 'tsx scripts/bench/sandbox/slow-clients.ts', about: 'Holds connections open to a server, idle or dripping headers, until SIGTERM.' },
  {
    url: { kind: 'text', placeholder: 'URL', required: true, about: 'the server to connect to' },
    count: { kind: 'whole number', min: 1, max: 1_000_000, required: true, about: 'connections to hold open' },
    mode: { kind: 'text', placeholder: 'MODE', choices: ['idle', 'drip'], required: true, about: 'idle: send nothing; drip: send headers a byte at a time' },
    'drip-interval-ms': { kind: 'whole number', min: 1, max: 60_000, default: 1000, about: 'with drip, how long each connection waits between bytes' },
  },
);
const url = new URL(options.url);
const { count, mode, 'drip-interval-ms': dripIntervalMs } = options;
/** Connections are opened in batches so the server's listen backlog is not overrun. */
const batchSize = 200;
/** Headers that never end: long enough to outlast any run one byte at a time. */
const endlessHead = `GET /api/v1/wallets HTTP/1.1\r\nHost: ${url.host}\r\nx-padding: ${'a'.repeat(100_000)}`;

const open = new Set<Socket>();
const progress = new Map<Socket, number>();
const counts = { opened: 0, reclaimed: 0, failed: 0 };
let stopping = false;

function openOne(): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    socket.setNoDelay(true);
    socket.once('connect', () => {
      counts.opened++;
      open.add(socket);
      progress.set(socket, 0);
      resolve();
    });
    socket.on('data', () => {}); // a 408 before the close
    socket.once('error', () => {
      if (!open.has(socket)) {
        counts.failed++;
        resolve();
      }
    });
    socket.once('close', () => {
      if (!open.delete(socket)) return;
      progress.delete(socket);
      counts.reclaimed++;
      if (!stopping) void openOne();
    });
  });
}

async function fill(): Promise<void> {
  while (open.size < count && !stopping) {
    const batch = Math.min(batchSize, count - open.size);
    await Promise.all(Array.from({ length: batch }, openOne));
    // A refusal (file descriptors, ports) would repeat at once: stop filling, report it.
    if (counts.failed > count) return;
  }
}

if (mode === 'drip') {
  // Ten ticks per interval, each feeding a tenth of the connections one byte.
  let turn = 0;
  setInterval(() => {
    let index = 0;
    for (const socket of open) {
      if (index++ % 10 !== turn) continue;
      const sent = progress.get(socket) ?? 0;
      if (sent < endlessHead.length) {
        socket.write(endlessHead[sent]!);
        progress.set(socket, sent + 1);
      }
    }
    turn = (turn + 1) % 10;
  }, dripIntervalMs / 10);
}

setInterval(() => process.stdout.write(`${JSON.stringify({ open: open.size, ...counts })}\n`), 500);
process.once('SIGTERM', () => {
  stopping = true;
  for (const socket of open) socket.destroy();
  process.exit(0);
});
await fill();
