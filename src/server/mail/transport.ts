import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailConfig } from '#server/config';

/** SMTP connections a server keeps open at most: messages it hands over at once. */
export const smtpConnections = 4;

/** One message as the queue hands it over. */
export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** More header fields (a newsletter's List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** Where messages go: an SMTP server, or the local outbox. Throws when a message is not taken. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * nodemailer for both: over SMTP (SMTP_URL; STARTTLS whenever the server offers it, smtps://
 * for TLS from the start), or as a whole .eml file written under DATA_DIR/outbox, which any mail
 * program opens and the development outbox page (outbox-page.ts) lists.
 */
export function createMailTransport(config: MailConfig, log: FastifyBaseLogger): MailTransport {
  const message = (mail: OutgoingMail) => ({
    from: config.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    // The queue's id: a retried message keeps its Message-ID, so receivers can drop a repeat.
    messageId: `<${mail.id}@${hostOf(config.from)}>`,
  });
  if (config.kind === 'smtp') {
    // Short waits: a message is this server's to send for a minute (queue.ts). Pooled: a
    // connection (and its greeting, EHLO and login) serves many messages, and a newsletter
    // send keeps `smtpConnections` of them busy at once (newsletter/sender.ts).
    const smtp = nodemailer.createTransport({
      url: config.url,
      pool: true,
      maxConnections: smtpConnections,
      ...(config.dkim && { dkim: config.dkim }),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      send: async (mail) => {
        await smtp.sendMail(message(mail));
      },
      close: () => smtp.close(),
    };
  }
  const stream = nodemailer.createTransport({
    streamTransport: true,
    ...(config.dkim && { dkim: config.dkim }),
    buffer: true,
    newline: 'unix',
  });
  return {
    send: async (mail) => {
      const info = await stream.sendMail(message(mail));
      await mkdir(config.dir, { recursive: true });
      const file = path.join(config.dir, outboxFileName(mail.id));
      await writeFile(file, info.message as Buffer);
      log.info(`mail to ${mail.to} ("${mail.subject}") written to ${file}`);
    },
    close: () => stream.close(),
  };
}

/** Sortable by time, unique by the queue's id: 2026-11-25T10-20-01-123Z-<id>.eml */
export function outboxFileName(id: string, now = new Date()): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${id}.eml`;
}

function hostOf(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
}
