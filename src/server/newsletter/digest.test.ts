import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleBody } from '#shared/article-body/schema';
import type { TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { createTestClock } from '#server/test/clock';
import { createArticle, createPublisher } from '#server/test/factories';
import { startMailingSite, type MailingSite } from '#server/test/mailing-site';
import type { ReceivedMail, SmtpPeer } from '#server/test/smtp-peer';
import { confirmSubscription, requestSubscription } from './subscribers.js';

// The daily digest, on both engines: it goes by itself at NEWSLETTER_HOUR in the site's time
// zone, once a day, with what each reader chose, and not at all when nothing is new.
const clock = createTestClock(new Date('2026-11-28T16:00:00.000Z'));
let site: MailingSite;
let smtp: SmtpPeer;
let t: TestApp;

beforeAll(async () => {
  site = await startMailingSite(clock, {
    digestIntervalMs: 20,
    newsletterHour: 18,
    // 18:00 there is 17:00 UTC in November.
    timeZone: 'Europe/Berlin',
  });
  ({ t, smtp } = site);
});
afterAll(() => site.close());

async function subscribed(email: string, publisherIds: number[], digest: boolean) {
  const db = t.app.database.db;
  const outcome = await requestSubscription(db, email, publisherIds, clock.now());
  if (outcome.kind === 'confirm') await confirmSubscription(db, outcome.token, clock.now());
  await db.updateTable('newsletterSubscriber').set({ digest }).where('email', '=', email).execute();
}

const waitMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function digests(count: number): Promise<ReceivedMail[]> {
  const deadline = Date.now() + 10_000;
  const mine = () => smtp.received.filter((mail) => mail.subject.startsWith('Today on Tribune'));
  while (mine().length < count && Date.now() < deadline) await waitMs(20);
  await waitMs(300);
  return mine();
}

const body: ArticleBody = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'The ferry timetable changes next week for the winter. '.repeat(6) },
      ],
    },
    {
      type: 'paragraph',
      content: [{ type: 'text', text: 'Subscribers learn of the snorklewhip.' }],
    },
  ],
};

describe('the daily digest', () => {
  it('goes at its hour in the site’s time zone, once, with each reader’s choice', async () => {
    const db = t.app.database.db;
    const author = await signUp(t.app);
    const herald = (await createPublisher(db, { name: 'Harbour Herald' })).id;
    const voice = (await createPublisher(db, { name: 'Valley Voice' })).id;
    const quiet = (await createPublisher(db, { name: 'Quiet Quarterly' })).id;
    await subscribed('everything@example.com', [], true);
    await subscribed('herald-only@example.com', [herald], false);
    await subscribed('quiet-only@example.com', [quiet], false);
    const at = (hour: number) => new Date(Date.UTC(2026, 10, 28, hour)).toISOString();
    await createArticle(db, author.user.id, {
      title: 'Ferry changes',
      publisherId: herald,
      body,
      isPremium: true,
      createdAt: at(9),
    });
    await createArticle(db, author.user.id, {
      title: 'Valley fair',
      publisherId: voice,
      createdAt: at(10),
    });
    await createArticle(db, author.user.id, {
      title: 'Not yet approved',
      publisherId: herald,
      isApproved: false,
      createdAt: at(11),
    });

    // 17:00 in Berlin: not yet.
    await waitMs(200);
    expect(await digests(0)).toEqual([]);

    clock.advance(61 * 60_000); // 17:01 UTC
    const mails = await digests(2);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual([
      'everything@example.com',
      'herald-only@example.com',
    ]);
    const to = (email: string) => mails.find((mail) => mail.to.includes(email))!;
    expect(to('everything@example.com').subject).toBe('Today on Tribune: Valley fair and 1 more');
    expect(to('everything@example.com').text).toContain('Valley fair');
    expect(to('everything@example.com').text).toContain('Ferry changes');
    expect(to('herald-only@example.com').text).toContain('Ferry changes');
    expect(to('herald-only@example.com').text).not.toContain('Valley fair');
    for (const mail of mails) {
      expect(mail.text + mail.html).not.toContain('Not yet approved');
      // A digest gives openings: nothing past a premium article's free part.
      expect(mail.text + mail.html).not.toContain('snorklewhip');
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    }

    // Later the same day: no second digest.
    clock.advance(4 * 60 * 60_000); // 21:01 UTC
    await waitMs(300);
    expect(await digests(2)).toHaveLength(2);

    // The next day, with nothing new: none.
    clock.advance(20 * 60 * 60_000); // 17:01 UTC the next day
    await waitMs(300);
    expect(await digests(2)).toHaveLength(2);
    const sends = await db.selectFrom('newsletterSend').select('digestDay').execute();
    expect(sends).toEqual([{ digestDay: '2026-11-28' }]);
  });
});
