import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { imageFileMessages } from '#shared/images';
import { multipartBody, sixMegabytes } from './test/image-fixtures.js';
import { nginxPath } from './test/outside-programs.js';
import { createTestApp } from './test/app.js';
import { makeAdmin, signUp } from './test/auth.js';
import { createArticle } from './test/factories.js';
import { sourcePages } from './test/pages.js';
import { ended, freePort, startServer, stopAll, tempDir, waitForHealth } from './test/processes.js';

// docs/deploy/nginx.conf, the deployment guide's example, run as written in front of two real
// servers on one SQLite file: only its addresses, ports and certificate paths are changed.
// Without nginx, vitest.config.ts leaves this file out of the run and says so.
const nginx = nginxPath();
const host = 'news.test';
const publicUrl = `https://${host}`;

const proxies: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.stop()));
  stopAll();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request to the proxy over TLS, trusting only the test's own certificate. */
function viaProxy(
  port: number,
  ca: string,
  method: string,
  url: string,
  init: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        servername: host,
        ca,
        method,
        path: url,
        headers: { host, origin: publicUrl, ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

function cookieOf(answer: Answer): string {
  const set = answer.headers['set-cookie'] ?? [];
  return (Array.isArray(set) ? set : [set]).map((c) => c.split(';')[0]).join('; ');
}

async function startProxy(
  upstreams: number[],
): Promise<{ http: number; https: number; ca: string; cacheDir: string }> {
  const dir = tempDir();
  // nginx started as root runs its workers as nobody: they must reach the request-body folder.
  chmodSync(dir, 0o755);
  const cert = path.join(dir, 'fullchain.pem');
  const key = path.join(dir, 'privkey.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=DNS:${host}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const [http, https] = [await freePort(), await freePort()];
  const example = readFileSync('docs/deploy/nginx.conf', 'utf8');
  const site = example
    .replace('server 127.0.0.1:3001', `server 127.0.0.1:${upstreams[0]}`)
    .replace('server 127.0.0.1:3002', `server 127.0.0.1:${upstreams[1]}`)
    .replace('listen 80;', `listen 127.0.0.1:${http};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${https} ssl http2;`)
    .replaceAll('news.example.com', host)
    .replace('/etc/ssl/tribune/fullchain.pem', cert)
    .replace('/etc/ssl/tribune/privkey.pem', key)
    .replace('/var/cache/nginx/tribune', path.join(dir, 'cache'));
  // Every setting the test changes must have been there to change.
  const settings = site.replace(/#.*$/gm, '');
  expect(settings).not.toMatch(
    /3001|3002|listen 80;|listen 443|example\.com|\/etc\/ssl|\/var\/cache/,
  );
  writeFileSync(path.join(dir, 'site.conf'), site);
  // What the distribution's /etc/nginx/nginx.conf provides, in the test's own folder.
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events {}
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const child = spawn(nginx, ['-p', dir, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  // TERM, not KILL: nginx's master stops its workers on TERM, and a killed master leaves them
  // running, holding their ports.
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  proxies.push({
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  });
  const ca = readFileSync(cert, 'utf8');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await viaProxy(https, ca, 'GET', '/api/health/live').then(
      (res) => res.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`nginx: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { http, https, ca, cacheDir: path.join(dir, 'cache') };
}

describe('the deployment guide’s nginx configuration', () => {
  it('ends TLS, spreads requests over two servers without sticky sessions, takes a 5 MB image and keeps readers from choosing their address', async () => {
    const env = {
      DATA_DIR: tempDir(),
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: 'true',
      BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    };
    const one = startServer(await freePort(), env);
    const other = startServer(await freePort(), env);
    await Promise.all([waitForHealth(one), waitForHealth(other)]);
    const proxy = await startProxy([one.port, other.port]);
    const call = (method: string, url: string, init?: Parameters<typeof viaProxy>[4]) =>
      viaProxy(proxy.https, proxy.ca, method, url, init);

    // Plain HTTP is sent to the public address over HTTPS, path and query kept.
    const plain = await fetch(`http://127.0.0.1:${proxy.http}/articles?page=2`, {
      redirect: 'manual',
    });
    expect([plain.status, plain.headers.get('location')]).toEqual([
      301,
      `${publicUrl}/articles?page=2`,
    ]);

    // A session made through the proxy holds on every request, whichever server answers it.
    const signedIn = await call('POST', '/api/auth/sign-in/email', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'writer@example.com', password: 'Tribune123' }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = cookieOf(signedIn);
    for (let i = 0; i < 4; i += 1) {
      const session = await call('GET', '/api/auth/get-session', { headers: { cookie } });
      expect(JSON.parse(session.body)).toMatchObject({ user: { email: 'writer@example.com' } });
    }

    // An image just under the 5 MB limit reaches the server; one over it gets the app's own
    // message, not the proxy's HTML page.
    const noise = await sharp(randomBytes(1200 * 1400 * 3), {
      raw: { width: 1200, height: 1400, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(4.5 * 1024 * 1024);
    expect(noise.length).toBeLessThan(5 * 1024 * 1024);
    const upload = async (bytes: Buffer) => {
      const form = await multipartBody([{ bytes, filename: 'big.png', type: 'image/png' }]);
      return call('POST', '/api/images', {
        headers: { ...form.headers, cookie },
        body: form.payload,
      });
    };
    const fine = await upload(noise);
    expect(fine.status).toBe(200);
    const tooBig = await upload(sixMegabytes());
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.body)).toMatchObject({ message: imageFileMessages.tooLarge });

    // Ten registrations from one reader, each claiming another address: the proxy's own record
    // of the address is what counts, so the eleventh is refused.
    const photo = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const register = async (n: number) => {
      const form = await multipartBody(
        [{ field: 'photo', bytes: photo, filename: 'me.png', type: 'image/png' }],
        { name: 'Nadia Reader', email: `nadia${n}@example.com`, password: 'Secret1' },
      );
      return call('POST', '/api/register', {
        headers: { ...form.headers, 'x-forwarded-for': `10.9.0.${n}` },
        body: form.payload,
      });
    };
    for (let n = 1; n <= 10; n += 1) expect((await register(n)).status).toBe(201);
    expect((await register(11)).status).toBe(429);

    // One server gone: the proxy answers every request from the other.
    one.child.kill('SIGKILL');
    await ended(one);
    for (let i = 0; i < 4; i += 1) {
      const session = await call('GET', '/api/auth/get-session', { headers: { cookie } });
      expect(session.status).toBe(200);
      expect(JSON.parse(session.body)).toMatchObject({ user: { email: 'writer@example.com' } });
    }
  }, 180_000);

  it('keeps guests’ pages, passes signed-in readers through, and drops the pages a purge names', async () => {
    // The server in this process, listening, so that it can render the web app's source (no
    // build here); the example's two upstreams are both it.
    const purgePort = await freePort();
    const purgeToken = randomBytes(16).toString('hex');
    const t = await createTestApp(
      {
        publicUrl,
        trustProxy: true,
        meter: { guest: 2, registered: 5 },
        cdnPurge: { url: `http://127.0.0.1:${purgePort}/purge`, token: purgeToken },
      },
      { pages: await sourcePages() },
    );
    proxies.push({ stop: () => t.close() });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const db = t.app.database.db;
    const admin = await signUp(t.app);
    await makeAdmin(t.app, admin.user.id);
    const { id } = await createArticle(db, admin.user.id, { title: 'Harbour reopens' });

    const proxy = await startProxy([port, port]);
    const call = (method: string, url: string, init?: Parameters<typeof viaProxy>[4]) =>
      viaProxy(proxy.https, proxy.ca, method, url, init);
    // The guide's purge receiver, as written, deleting the pages the server's purges name.
    const receiver = spawn(process.execPath, ['docs/deploy/nginx-purge.mjs'], {
      env: {
        ...process.env,
        PURGE_PORT: String(purgePort),
        PURGE_TOKEN: purgeToken,
        NGINX_CACHE_DIR: proxy.cacheDir,
      },
      stdio: 'ignore',
    });
    const receiverExited = new Promise((resolve) => receiver.once('exit', resolve));
    proxies.push({
      stop: async () => {
        if (receiver.exitCode === null) receiver.kill('SIGTERM');
        await receiverExited;
      },
    });

    // A guest's page of a free article: fetched once, then answered by nginx.
    const first = await call('GET', `/articles/${id}`);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=60,/);
    expect(first.headers['x-cache-status']).toBe('MISS');
    const again = await call('GET', `/articles/${id}`);
    expect(again.headers['x-cache-status']).toBe('HIT');
    expect(again.body).toBe(first.body);
    // nginx answers a reader who holds it with a 304 of its own.
    const held = await call('GET', `/articles/${id}`, {
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect([held.status, held.headers['x-cache-status']]).toEqual([304, 'HIT']);

    // A signed-in reader is never answered from the cache, nor stored in it.
    const cookie = admin.cookie;
    const own = await call('GET', `/articles/${id}`, { headers: { cookie } });
    expect(own.headers['x-cache-status']).toBe('BYPASS');
    expect(own.headers['cache-control']).toBe('private, no-store');

    for (const status of ['MISS', 'HIT']) {
      expect((await call('GET', '/')).headers['x-cache-status']).toBe(status);
    }

    // Made premium, which guests are metered for: the page is now decided per request, and
    // private. The server's purge reaches the receiver, which deletes nginx's copy: the next
    // guest is answered by the server, and nothing is kept of it.
    const moderated = await call('PUT', `/api/articles/${id}`, {
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ isPremium: true }),
    });
    expect(JSON.parse(moderated.body)).toEqual({ modifiedCount: 1 });
    const deadline = Date.now() + 10_000;
    let fresh = await call('GET', `/articles/${id}`);
    while (fresh.headers['x-cache-status'] === 'HIT' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      fresh = await call('GET', `/articles/${id}`);
    }
    expect(fresh.headers['x-cache-status']).toBe('MISS');
    // This guest's meter opens it: their own page.
    expect(fresh.headers['cache-control']).toBe('private, no-store');
    expect(fresh.body).not.toBe(first.body);
    const next = await call('GET', `/articles/${id}`);
    expect(next.headers['x-cache-status']).toBe('MISS');

    // The home page, kept too, is purged with it.
    const home = await call('GET', '/');
    expect([home.headers['x-cache-status'], home.headers['surrogate-key']]).toEqual([
      'MISS',
      'home',
    ]);
    expect((await call('GET', '/')).headers['x-cache-status']).toBe('HIT');
  }, 180_000);
});
