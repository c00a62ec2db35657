// The purge receiver for nginx's cache (docs/deploy/nginx.conf), which open-source nginx has no
// module for. Tribune POSTs `{tags, urls}` here (CDN_PURGE_URL, with CDN_PURGE_TOKEN as its
// bearer token) when a write changes guests' pages; for each address this asks nginx for the
// page again with the refresh secret, once per encoding nginx keeps a copy of, so nginx skips
// its cache (proxy_cache_bypass) and stores the page as it is now. Tags are for CDNs: nginx has
// none, and the pages they name beyond the addresses (a list's later pages) expire on their own
// within PAGE_CACHE_SECONDS.
//
// Run it beside nginx, on Node 20 or later, nothing to install:
//   PURGE_TOKEN=… REFRESH_SECRET=… node nginx-purge.mjs
// PURGE_PORT (8090) and PURGE_HOST (127.0.0.1) are where it listens: let only Tribune's servers
// reach it. NGINX_URL (https://127.0.0.1) is nginx's own listener; the certificate is not checked
// there, as the address is this machine's. src/server/proxy.process.test.ts runs it.
import { createServer } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';

const token = process.env.PURGE_TOKEN;
const secret = process.env.REFRESH_SECRET;
if (!token || !secret) {
  console.error('PURGE_TOKEN and REFRESH_SECRET must be set');
  process.exit(1);
}
const nginx = new URL(process.env.NGINX_URL ?? 'https://127.0.0.1');
/** The Accept-Encoding values nginx keeps a copy for ($tribune_encoding in nginx.conf). */
const encodings = ['br', 'gzip', ''];

/** Asks nginx for `address` again, skipping and replacing what it keeps; answers the status. */
function refresh(address, encoding) {
  const url = new URL(address);
  const send = nginx.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      {
        host: nginx.hostname,
        port: nginx.port || undefined,
        servername: url.hostname,
        rejectUnauthorized: false,
        path: url.pathname + url.search,
        headers: {
          host: url.host,
          'x-cache-refresh': secret,
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => {
      console.error(`refresh of ${address} failed: ${err.message}`);
      resolve(0);
    });
    req.end();
  });
}

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.headers.authorization !== `Bearer ${token}`) {
    res.writeHead(req.method === 'POST' ? 401 : 405).end();
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    let urls;
    try {
      urls = JSON.parse(Buffer.concat(chunks).toString()).urls;
      if (!Array.isArray(urls) || !urls.every((url) => URL.canParse(url))) throw new Error();
    } catch {
      res.writeHead(400).end();
      return;
    }
    const statuses = await Promise.all(
      urls.flatMap((url) => encodings.map((encoding) => refresh(url, encoding))),
    );
    // 502 when nginx could not be reached for one of them: Tribune logs it.
    res.writeHead(statuses.includes(0) ? 502 : 204).end();
  });
});
server.listen(Number(process.env.PURGE_PORT ?? 8090), process.env.PURGE_HOST ?? '127.0.0.1');
