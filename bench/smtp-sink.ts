import { SMTPServer } from 'smtp-server';
import { freePort } from './server.js';

export interface SmtpSink {
  url: string;
  /** Messages taken so far. */
  taken(): number;
  /** When each message was taken (performance.now()), for the rate over a window. */
  takenAt: number[];
  close(): Promise<void>;
}

/**
 * A local SMTP server (the `smtp-server` package, as the tests' peer) that takes every message,
 * reads it to the end and keeps only the time it was taken: the mail server of a newsletter
 * send in the bench, standing for a relay on the same network.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const takenAt: number[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // As a relay on the same network would be set up: no lookup of the client's name.
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        takenAt.push(performance.now());
        callback();
      });
    },
  });
  // A connection reset by the server's end is no failure of the sink's.
  server.on('error', () => undefined);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    taken: () => takenAt.length,
    takenAt,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
