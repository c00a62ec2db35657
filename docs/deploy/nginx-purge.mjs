// The purge receiver for nginx's cache (docs/deploy/nginx.conf), which open-source nginx has no
// module for. Tribune POSTs `{tags, urls}` here (CDN_PURGE_URL, with CDN_PURGE_TOKEN as its
// bearer token) when a write changes guests' pages; for each address this deletes nginx's
// copies of the page, one per encoding (proxy_cache_key in nginx.conf), so the next reader's
// request fetches it afresh. nginx takes a missing file as a miss. Deleting, rather than asking
// nginx for the page again past its cache, also removes a page whose new answer nginx would not
// store (an article made premium while guests are metered, whose page is then private). Tags
// are for CDNs: nginx has none, and the pages they name beyond the addresses (a list's later
// pages) expire on their own within PAGE_CACHE_SECONDS.
//
// Run it beside nginx, as nginx's user (www-data: the cache's files are its own), on Node 20 or
// later, nothing to install:
//   PURGE_TOKEN=… node nginx-purge.mjs
// PURGE_PORT (8090) and PURGE_HOST (127.0.0.1) are where it listens: let only Tribune's servers
// reach it. NGINX_CACHE_DIR (/var/cache/nginx/tribune) is proxy_cache_path's folder, whose
// levels must stay 1:2. src/server/proxy.process.test.ts runs it.
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const token = process.env.PURGE_TOKEN;
if (!token) {
  console.error('PURGE_TOKEN must be set');
  process.exit(1);
}
const cacheDir = process.env.NGINX_CACHE_DIR ?? '/var/cache/nginx/tribune';
/** The values of $tribune_encoding in nginx.conf: one copy of a page for each. */
const encodings = ['br', 'gzip', ''];

/** Where nginx keeps the copy under `key`: levels=1:2 names folders by the MD5's last digits. */
function fileOf(key) {
  const md5 = createHash('md5').update(key).digest('hex');
  return path.join(cacheDir, md5.slice(-1), md5.slice(-3, -1), md5);
}

/** Deletes every copy of the page at `address` ("$host$request_uri $tribune_encoding"). */
function purge(address) {
  const url = new URL(address);
  return encodings.map((encoding) =>
    rm(fileOf(`${url.hostname}${url.pathname}${url.search} ${encoding}`), { force: true }),
  );
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
    try {
      await Promise.all(urls.flatMap(purge));
      res.writeHead(204).end();
    } catch (err) {
      // A file nginx's user may not delete: Tribune logs the 500.
      console.error(`purge failed: ${err.message}`);
      res.writeHead(500).end();
    }
  });
});
server.listen(Number(process.env.PURGE_PORT ?? 8090), process.env.PURGE_HOST ?? '127.0.0.1');
