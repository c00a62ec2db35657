import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { simpleParser } from 'mailparser';
import { AppError } from '../errors.js';
import { escapeMarkup } from '../http/escape-markup.js';

/** An outbox file's name as transport.ts writes it; nothing else is ever read. */
const fileName = /^[\w-]+\.eml$/;

/**
 * /dev/outbox, outside production with no SMTP_URL: the local outbox's messages, newest first,
 * and each one's text with its links clickable, so a developer can follow a reset link without
 * a mail program. A plain page of its own, apart from the web app: it is a tool, not the product.
 */
export const outboxPage: FastifyPluginAsync<{ dir: string }> = async (app, { dir }) => {
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
