import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/** A message as the local outbox holds it, read back as a mail program would. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Every message in the outbox folder, oldest first (the file names start with the time). */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails: OutboxMail[] = [];
  for (const file of files.filter((f) => f.endsWith('.eml')).sort()) {
    const parsed = await simpleParser(await readFile(path.join(dir, file)));
    mails.push({
      file,
      to: parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '',
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
    });
  }
  return mails;
}

/** Waits (up to `timeoutMs`) for a message to `to` that `matches`, and answers it. */
export async function waitForMail(
  dir: string,
  to: string,
  matches: (mail: OutboxMail) => boolean = () => true,
  timeoutMs = 5_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(dir)).find((mail) => mail.to === to && matches(mail));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The first address of ours in a message's text. */
export function linkIn(mail: OutboxMail, publicUrl: string): URL {
  const found = mail.text.match(
    new RegExp(`${publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`),
  );
  if (!found) throw new Error(`no link to ${publicUrl} in: ${mail.text}`);
  return new URL(found[0]);
}
