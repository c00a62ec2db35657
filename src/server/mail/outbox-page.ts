import { readdir, readFile } from 'node:fs/promises';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { simpleParser } from 'mailparser';
import { AppError } from '#server/errors';
import { escapeMarkup } from '#server/http/escape-markup';

/** An outbox file's name as transport.ts writes it; nothing else is ever read. */
const fileName = /^[\w-]+\.eml$/;

/** This machine's loopback addresses, 127.0.0.0/8 and ::1 (their IPv4-mapped forms match too). */
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Headers by which a proxy names the client whose request it passes on. */
const relayedBy = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Whether a request comes from a browser on the machine the server runs on. The connection's
 * own address decides, never request.ip, which under TRUST_PROXY is whatever X-Forwarded-For
 * claims. A request that a proxy or tunnel on this machine passes on (nginx, ngrok) connects
 * from loopback too, for a client who may be anywhere; it names that client in one of those
 * headers, and is refused.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const family = isIP(address);
  if (family === 0 || !loopback.check(address, family === 6 ? 'ipv6' : 'ipv4')) return false;
  return !relayedBy.some((header) => header in request.headers);
}

/**
 * /dev/outbox, outside production with no SMTP_URL: the local outbox's messages, newest first,
 * and each one's text with its links clickable, so a developer can follow a reset link without
 * a mail program. A plain page of its own, apart from the web app: it is a tool, not the product.
 * It holds everyone's reset links, so it is shown to this machine only: anyone else, on the
 * network or through a proxy, is answered 403 (a guest could otherwise ask for the demo admin's
 * reset and read the link).
 */
export const outboxPage: FastifyPluginAsync<{ dir: string }> = async (app, { dir }) => {
  // This plugin's own routes only: Fastify keeps a hook added here inside it.
  app.addHook('onRequest', async (request) => {
    if (!fromThisMachine(request)) {
      throw new AppError(
        'forbidden',
        'The outbox is shown only to a browser on the machine the server runs on, not over the ' +
          'network or through a proxy: open /dev/outbox there, at localhost.',
      );
    }
  });

  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => fileName.test(f))
      .sort()
      .reverse();
    const rows = await Promise.all(
      files.map(async (file) => {
        const mail = await simpleParser(await readFile(path.join(dir, file)));
        return `<li><a href="/dev/outbox/${escapeMarkup(file)}">${escapeMarkup(mail.subject ?? '(no subject)')}</a> to ${escapeMarkup(addresses(mail.to))} <small>${escapeMarkup(mail.date?.toISOString() ?? '')}</small></li>`;
      }),
    );
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Outbox',
          `<p>Mail written to ${escapeMarkup(dir)} (no SMTP_URL is set).</p>` +
            (rows.length ? `<ul>${rows.join('')}</ul>` : '<p>No messages yet.</p>'),
        ),
      );
  });

  app.get<{ Params: { file: string } }>(
    '/dev/outbox/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      if (!fileName.test(file)) throw new AppError('not_found', 'No such message');
      const raw = await readFile(path.join(dir, file)).catch(() => undefined);
      if (!raw) throw new AppError('not_found', 'No such message');
      const mail = await simpleParser(raw);
      const subject = mail.subject ?? '(no subject)';
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            subject,
            `<p><a href="/dev/outbox">All messages</a></p>` +
              `<dl><dt>From</dt><dd>${escapeMarkup(addresses(mail.from))}</dd>` +
              `<dt>To</dt><dd>${escapeMarkup(addresses(mail.to))}</dd>` +
              `<dt>Date</dt><dd>${escapeMarkup(mail.date?.toISOString() ?? '')}</dd></dl>` +
              `<pre>${linkify(mail.text ?? '')}</pre>`,
          ),
        );
    },
  );
};

function addresses(value: { text: string } | { text: string }[] | undefined): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ');
}

/** The text escaped, and every http(s) address in it a link. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/\S+)/)
    .map((part, i) =>
      i % 2 === 1
        ? `<a href="${escapeMarkup(part)}">${escapeMarkup(part)}</a>`
        : escapeMarkup(part),
    )
    .join('');
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(title)} | Tribune outbox</title></head><body><main><h1>${escapeMarkup(title)}</h1>${body}</main></body></html>`;
}
