// The server of `npm run bench:client`: answers every request with a fixed success
// envelope (a created swap to a POST, a page of 20 transactions to a GET) once it has read the whole body, on 127.0.0.1. With --delay-ms it waits that long
// before answering, as a distant server would: integrators' calls cross a network, and a
// round trip of 20 ms puts what the client adds beside the time they actually wait.
import { createServer } from 'node:http';
import { readBenchOptions } from '../support/options.ts';
import { answerFor } from './payloads.ts';

const { port, 'delay-ms': delayMs } = readBenchOptions(
  { command: 'node --import tsx scripts/bench/client/fixed-answer-server.ts', about: 'Answers every request with a fixed success envelope on 127.0.0.1.' },
  {
    port: { kind: 'whole number', min: 1, max: 65_535, required: true, about: 'the port to listen on' },
    'delay-ms': { kind: 'whole number', min: 0, max: 10_000, default: 0, about: 'milliseconds to wait after reading a request before answering it' },
  },
);

createServer((request, response) => {
  const { body, headers } = answerFor(request.method ?? 'GET');
  const answer = () => {
    response.writeHead(200, headers);
    response.end(body);
  };
  request.resume();
  // Without a delay the answer goes at once, not after a timer turn.
  request.on('end', () => (delayMs > 0 ? setTimeout(answer, delayMs) : answer()));
}).listen(port, '127.0.0.1');
