// The server of `npm run bench:client`: answers every request with one fixed success
// envelope after reading the whole body, on 127.0.0.1 at the port given as argument.
import { createServer } from 'node:http';

const body = JSON.stringify({ status: 'success', message: 'Swap created', data: { id: '665f1c2a9b1e4a0012ab34cd', from: 'usdt', to: 'ngn', status: 'pending' } });
const port = Number(process.argv[2]);
createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
}).listen(port, '127.0.0.1');
