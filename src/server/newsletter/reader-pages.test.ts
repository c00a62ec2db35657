import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterLinkMessages } from '#shared/newsletter-messages';
import { paths } from '#shared/paths';
import { createTestApp, type TestApp } from '#server/test/app';
import { premiumBody } from '#server/test/premium-body';
import { signUp, type TestUser } from '#server/test/auth';
import { createArticle, createPublisher, makePremium } from '#server/test/factories';
import { sourcePages } from '#server/test/pages';
import { newsletterLetter } from './letters.js';
import { subscriberToken } from './links.js';
import { queueArticleSend } from './sends.js';
import { confirmSubscription, requestSubscription } from './subscribers.js';

// The readers' newsletter pages as the server renders them, before any script runs: a send's
// web version, and a subscriber's preferences page with its form posted without script.
const site = 'http://localhost:3000';
let t: TestApp;
let author: TestUser;
let herald: number;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: site }, { pages: await sourcePages() });
  author = await signUp(t.app);
  herald = (await createPublisher(t.app.database.db, { name: 'Harbour Herald' })).id;
  await createPublisher(t.app.database.db, { name: 'Valley Voice' });
});
afterAll(() => t.close());

describe('a newsletter’s web version, as the server renders it', () => {
  it('shows a guest the premium article’s free part and the way to subscribe; a premium reader the whole', async () => {
    const db = t.app.database.db;
    const article = await createArticle(db, author.user.id, {
      title: 'Pier vote',
      publisherId: herald,
      isPremium: true,
      body: premiumBody,
    });
    const send = await queueArticleSend(
      db,
      { id: article.id, title: 'Pier vote', publisherId: herald },
      author.user.id,
      new Date(),
    );
    const address = paths.newsletterSend(String(send!.id));

    const guest = await t.app.inject(address);
    expect(guest.statusCode).toBe(200);
    const page = parse(guest.body);
    expect(page.querySelector('main h1')?.textContent).toBe('Pier vote');
    expect(page.querySelector('main')?.textContent).toContain('The harbour board met at dawn');
    expect(guest.body).not.toContain('quillifant');
    const subscribe = page
      .querySelectorAll('main a')
      .find((a) => a.textContent === 'Subscribe to read it');
    expect(subscribe?.getAttribute('href')).toBe(paths.subscription);

    const premium = await signUp(t.app);
    await makePremium(db, premium.user.id);
    const whole = await t.app.inject({ url: address, headers: { cookie: premium.cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toContain('the vote was quillifant');
  });

  it('answers the not-found page with 404 for an unknown number or one that is none', async () => {
    for (const address of ['/newsletters/999999', '/newsletters/abc']) {
      const answer = await t.app.inject(address);
      expect(answer.statusCode).toBe(404);
      expect(parse(answer.body).querySelector('main h1')?.textContent).toBe(
        "Sorry, we couldn't find this page.",
      );
    }
  });

  it('is what every newsletter’s “View in your browser” link opens, in its HTML and its text', () => {
    const mail = newsletterLetter(
      { name: 'Tribune', publicUrl: site } as Parameters<typeof newsletterLetter>[0],
      { id: 42, subject: 'Pier vote', openings: false },
      [
        {
          id: 1,
          publisherId: herald,
          title: 'Pier vote',
          publisher: 'Harbour Herald',
          body: premiumBody,
          isPremium: false,
          authorIsAdmin: false,
        },
      ],
      { email: 'reader@example.com', readsPremium: false, token: '7.sig' },
      'Tribune <news@tribune.test>',
    );
    expect(mail.text).toContain(`View in your browser: ${site}/newsletters/42`);
    const link = parse(mail.html)
      .querySelectorAll('a')
      .find((a) => a.textContent === 'View in your browser');
    expect(link?.getAttribute('href')).toBe(`${site}/newsletters/42`);
  });
});

describe('a subscriber’s preferences page', () => {
  it('arrives with their choices, and its form saves new ones posted without script', async () => {
    const db = t.app.database.db;
    const request = await requestSubscription(db, 'prefs@example.com', [herald], new Date());
    if (request.kind !== 'confirm') throw new Error('not a new address');
    await confirmSubscription(db, request.token, new Date());
    const { id } = await db
      .selectFrom('newsletterSubscriber')
      .select('id')
      .where('email', '=', 'prefs@example.com')
      .executeTakeFirstOrThrow();
    const address = paths.newsletterPreferences(subscriberToken(t.config.authSecret, id));
    const box = (html: string, label: string) =>
      parse(html)
        .querySelectorAll('main label')
        .find((l) => l.textContent.includes(label))
        ?.querySelector('input');

    const page = await t.app.inject(address);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).not.toContain('public');
    const form = parse(page.body).querySelector('main form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe(address);
    expect(parse(page.body).querySelector('main')?.textContent).toContain('prefs@example.com');
    expect(box(page.body, 'The daily digest')?.hasAttribute('checked')).toBe(true);
    expect(box(page.body, 'Harbour Herald')?.hasAttribute('checked')).toBe(true);
    expect(box(page.body, 'Valley Voice')?.hasAttribute('checked')).toBe(false);

    const posted = await t.app.inject({
      method: 'POST',
      url: address,
      headers: { origin: site, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'publishers=Valley+Voice',
    });
    expect(posted.statusCode).toBe(200);
    expect(parse(posted.body).querySelector('main [role="status"]')?.textContent).toBe(
      newsletterLinkMessages.saved,
    );
    // Read afresh, not a page kept from before the post.
    const again = (await t.app.inject(address)).body;
    expect(box(again, 'The daily digest')?.hasAttribute('checked')).toBe(false);
    expect(box(again, 'Harbour Herald')?.hasAttribute('checked')).toBe(false);
    expect(box(again, 'Valley Voice')?.hasAttribute('checked')).toBe(true);
  });

  it('says a link we did not make is not valid, and changes nothing when one is posted', async () => {
    const page = await t.app.inject('/newsletter/preferences?token=1.forged');
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(newsletterLinkMessages.badLink);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/newsletter/preferences?token=1.forged',
      headers: { origin: site, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'digest=on',
    });
    expect(posted.statusCode).toBe(400);
    expect(parse(posted.body).querySelector('main [role="alert"]')?.textContent).toContain(
      newsletterLinkMessages.badLink,
    );
  });
});
