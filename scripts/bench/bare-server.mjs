// The limit: a bare node:http server that sends fixed bytes for every request.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = readFileSync(process.argv[2]);
const port = Number(process.argv[3]);
const contentType = process.argv[4] ?? 'application/json; charset=utf-8';
http
  .createServer((req, res) => {
    res.writeHead(200, {
      'content-type': contentType,
      'content-length': body.length,
    });
    res.end(body);
  })
  .listen(port, '127.0.0.1');
