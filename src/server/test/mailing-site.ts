import type { AppConfig } from '#server/config';
import { createTestApp, type TestApp } from './app.js';
import type { TestClock } from './clock.js';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer.js';

export interface MailingSite {
  t: TestApp;
  smtp: SmtpPeer;
  close(): Promise<void>;
}

/**
 * The real server on a fresh database, on `clock`, mailing from news@tribune.test through a
 * local SMTP peer; its mail and newsletter senders look every 20 ms and keep no rate, so the
 * newsletter tests see their messages at once.
 */
export async function startMailingSite(
  clock: TestClock,
  overrides: Partial<AppConfig> = {},
): Promise<MailingSite> {
  const smtp = await startSmtpPeer();
  const t = await createTestApp(
    {
      mail: { kind: 'smtp', url: smtp.url, from: 'Tribune <news@tribune.test>' },
      mailIntervalMs: 20,
      newsletterRate: 0,
      ...overrides,
    },
    { clock: clock.now },
  );
  return {
    t,
    smtp,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}
