import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '..', 'other-origin');
const FILES: Record<string, string> = {
  '/': 'index.html',
  '/index.html': 'index.html',
  '/return.html': 'return.html',
  '/app.js': 'app.js',
};

/**
 * A second front end on its own origin: static pages that call the store's API with fetch, as a
 * partner site or a kiosk would. `/config.js` tells them where the API is.
 */
export function startOtherOrigin(apiBase: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (pathname === '/config.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(`window.API = ${JSON.stringify(`${apiBase}/api/v1`)};`);
      return;
    }
    const file = FILES[pathname];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    readFile(path.join(ROOT, file))
      .then((body) => {
        const type = file.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
        res.writeHead(200, { 'content-type': type }).end(body);
      })
      .catch(() => res.writeHead(500).end());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address && typeof address === 'object')
        resolve({ server, origin: `http://127.0.0.1:${String(address.port)}` });
      else reject(new Error('no port'));
    });
  });
}
