import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { freePort } from './processes.js';

/** A message as the SMTP peer received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Each header field as sent (folded lines joined), by its lower-case name. */
  headers: Record<string, string>;
}

export interface SmtpPeer {
  /** SMTP_URL for the app, with the peer's user and password. */
  url: string;
  received: ReceivedMail[];
  /** Makes the next `n` messages fail with 451 (a temporary failure) at RCPT TO. */
  failNext(n: number): void;
  /** Makes the next `n` messages fail with 550 (the mailbox does not exist) at RCPT TO. */
  refuseNext(n: number): void;
  /** Takes each message `ms` after its data arrives (0: at once), as a busy server would. */
  takeAfter(ms: number): void;
  close(): Promise<void>;
}

const user = 'tribune';
const password = 'mail-secret';

/**
 * A real SMTP server in the test process (the `smtp-server` package, nodemailer's own peer):
 * it asks for the SMTP_URL's credentials, takes plain connections (no STARTTLS offered, so
 * none is attempted) and keeps what it receives.
 */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let failing = 0;
  let refusing = 0;
  let takeAfterMs = 0;
  const options: SMTPServerOptions = {
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      if (refusing > 0) {
        refusing -= 1;
        const error = new Error('No such mailbox') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      if (failing > 0) {
        failing -= 1;
        const error = new Error('Mailbox busy, try again later') as Error & {
          responseCode: number;
        };
        error.responseCode = 451;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        async (parsed) => {
          if (takeAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, takeAfterMs));
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim(),
              ]),
            ),
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  };
  const server = new SMTPServer(options);
  // A server killed with its pooled connections open resets them (the process tests kill some).
  server.on('error', () => undefined);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    received,
    failNext: (n) => {
      failing = n;
    },
    refuseNext: (n) => {
      refusing = n;
    },
    takeAfter: (ms) => {
      takeAfterMs = ms;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
