import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '#shared/api/search';
import { searchMessages } from '#shared/search';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import {
  createArticle,
  createPublisher,
  makePremium,
  recordSavedImages,
  uploadedImageUrl,
} from '#server/test/factories';

// Site search over both engines' full-text indexes (migration 010): the same answers on each.
let t: TestApp;
let author: TestUser;
let premiumReader: TestUser;
let freeReader: TestUser;
let admin: TestUser;
const ids: Record<string, string> = {};

/** Words only a premium article's hidden text holds (past its premium excerpt). */
const secret = 'zebracorn';
const premiumText =
  'Ministers met about the budget on Friday. The treasury opened its books to the press. ' +
  `Nobody expected the ${secret} clause. Analysts called it unusual. The vote comes next ` +
  'week. Markets waited quietly.';

const paragraph = (text: string) => ({
  type: 'paragraph' as const,
  content: [{ type: 'text' as const, text }],
});
const heading = (text: string) => ({
  type: 'heading' as const,
  attrs: { level: 2 as const },
  content: [{ type: 'text' as const, text }],
});
/** A premium opening long enough to be its whole free part (about 60 words). */
const opening = 'The survey began at dawn and went on for weeks. '.repeat(7);

const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12)).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.database.db;
  author = await signUp(t.app, { name: 'Search Author' });
  premiumReader = await signUp(t.app);
  await makePremium(db, premiumReader.user.id);
  freeReader = await signUp(t.app);
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  const courier = await createPublisher(db, { name: 'Daily Courier' });
  const post = await createPublisher(db, { name: 'Morning Post' });
  const articles = {
    titleHit: {
      title: 'Election results surprise the capital',
      description: 'Counting went on all night. The winners spoke at dawn.',
      publisherId: courier.id,
      tags: ['politics'],
      createdAt: at(1),
    },
    // Newer than titleHit, and its text says "elections" three times: the title still wins.
    bodyHit: {
      title: 'Rain over the valley',
      description:
        'The elections were held under rain. Elections bring crowds. After the elections, sun.',
      publisherId: post.id,
      tags: ['environment', 'politics'],
      createdAt: at(5),
    },
    phrase: {
      title: 'A garden tour',
      description: 'Visitors saw the white house garden in bloom.',
      publisherId: post.id,
      tags: ['entertainment'],
      createdAt: at(2),
    },
    reversed: {
      title: 'Painters at work',
      description: 'The house was painted white again this spring.',
      publisherId: courier.id,
      tags: ['business'],
      createdAt: at(3),
    },
    twinOlder: {
      title: 'Harbour lights',
      description: 'Lanterns glow along the harbour wall.',
      publisherId: courier.id,
      tags: ['health'],
      createdAt: at(6),
    },
    twinNewer: {
      title: 'Harbour lights',
      description: 'Lanterns glow along the harbour wall.',
      publisherId: courier.id,
      tags: ['health'],
      createdAt: at(7),
    },
    markup: {
      title: 'Tomato <b>prices</b> & more',
      description: 'The tomato <script>alert(1)</script> "prices" & taxes went up.',
      publisherId: post.id,
      tags: ['business'],
      createdAt: at(8),
    },
    premium: {
      title: 'Budget talks resume',
      description: premiumText,
      publisherId: courier.id,
      tags: ['politics', 'business'],
      isPremium: true,
      createdAt: at(9),
    },
    // Older than textHit, whose text says "lighthouse" three times: the heading still wins.
    headingHit: {
      title: 'A night on the coast',
      body: {
        type: 'doc' as const,
        content: [heading('Lighthouse keepers'), paragraph('They keep the lamp lit.')],
      },
      publisherId: post.id,
      tags: ['environment'],
      createdAt: at(12),
    },
    textHit: {
      title: 'Storm warnings',
      description: 'The lighthouse shone. A lighthouse guides ships. The lighthouse stood.',
      publisherId: post.id,
      tags: ['environment'],
      createdAt: at(13),
    },
    // A heading past the free part is premium text: found only by those who may read it.
    premiumHeading: {
      title: 'Arctic survey',
      body: {
        type: 'doc' as const,
        content: [paragraph(opening), heading('Quasarflux readings'), paragraph('Ice moved.')],
      },
      publisherId: courier.id,
      tags: ['environment'],
      isPremium: true,
      createdAt: at(14),
    },
    pending: {
      title: 'Moonquake shakes the base',
      description: 'A moonquake was felt.',
      publisherId: post.id,
      isApproved: false,
      createdAt: at(10),
    },
    declined: {
      title: 'Another moonquake',
      description: 'The moonquake story was declined.',
      publisherId: post.id,
      isApproved: false,
      adminMessage: 'Not news',
      createdAt: at(11),
    },
  };
  for (const [key, values] of Object.entries(articles)) {
    ids[key] = String((await createArticle(db, author.user.id, values)).id);
  }
  await recordSavedImages(db, uploadedImageUrl(303));
});
afterAll(() => t.close());

async function search(query: string, cookie?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/search?${query}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<SearchAnswer>();
  expect(Number(res.headers['x-total-count'])).toBe(answer.total);
  return answer;
}

const keysOf = (answer: SearchAnswer) =>
  answer.results.map((r) => Object.entries(ids).find(([, id]) => id === r.article._id)?.[0]);
const q = (words: string) => `q=${encodeURIComponent(words)}`;
const marked = (pieces: { text: string; mark: boolean }[]) =>
  pieces.filter((p) => p.mark).map((p) => p.text.toLowerCase());

describe('site search', () => {
  it('ranks a title match above a text match, and stems English words', async () => {
    const answer = await search(q('elections'));
    expect(keysOf(answer)).toEqual(['titleHit', 'bodyHit']);
    expect(answer).toMatchObject({ total: 2, more: false });
    expect(marked(answer.results[0]!.title)).toEqual(['election']);
    expect(marked(answer.results[1]!.passage)).toEqual(['elections', 'elections', 'elections']);
  });

  it('ranks a heading match above a text match', async () => {
    expect(keysOf(await search(q('lighthouse')))).toEqual(['headingHit', 'textHit']);
  });

  it('breaks ties by the newer article', async () => {
    expect(keysOf(await search(q('lanterns harbour')))).toEqual(['twinNewer', 'twinOlder']);
  });

  it('requires every word, and a quoted phrase in its order', async () => {
    expect(keysOf(await search(q('white house'))).sort()).toEqual(['phrase', 'reversed']);
    expect(keysOf(await search(q('"white house"')))).toEqual(['phrase']);
    expect(keysOf(await search(q('"house white"')))).toEqual([]);
    expect(keysOf(await search(q('white zebra')))).toEqual([]);
  });

  it('reads operators and punctuation as words, never as query syntax', async () => {
    for (const words of [
      'white OR',
      'NEAR(white house)',
      'whit*',
      'title:garden',
      '^garden',
      "'",
      '"',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/search?${q(words)}` });
      expect(res.statusCode, words).toBeLessThan(500);
    }
    expect(keysOf(await search(q('whit*')))).toEqual([]);
    expect(keysOf(await search(q('garden:')))).toEqual(['phrase']);
  });

  it('answers highlights as plain text pieces, the article’s own markup kept as text', async () => {
    const [result] = (await search(q('tomato prices'))).results;
    expect(result!.title).toEqual([
      { text: 'Tomato', mark: true },
      { text: ' <b>', mark: false },
      { text: 'prices', mark: true },
      { text: '</b> & more', mark: false },
    ]);
    // PostgreSQL's passages leave out what looks like an HTML tag; SQLite's keep it as text.
    // Either way the pieces are text, and only the searched words are marked.
    const passage = result!.passage.map((p) => p.text).join('');
    expect(passage).toMatch(/tomato (<script>| )alert\(1\)(<\/script>| ) "prices" & taxes/);
    expect(passage).not.toMatch(/[\uE000\uE001]/u);
    expect(marked(result!.passage)).toEqual(['tomato', 'prices']);
  });

  it('never finds pending or declined articles, whoever asks', async () => {
    for (const cookie of [undefined, author.cookie, admin.cookie]) {
      expect((await search(q('moonquake'), cookie)).total).toBe(0);
    }
  });
});

describe('premium articles in search', () => {
  it('finds them by title and excerpt for everyone, and never shows a guest their text', async () => {
    for (const cookie of [undefined, freeReader.cookie]) {
      const answer = await search(q('budget'), cookie);
      expect(keysOf(answer)).toEqual(['premium']);
      const json = JSON.stringify(answer);
      expect(json).not.toContain(secret);
      expect(json).not.toContain('Analysts called it unusual');
      // The passage comes from the premium excerpt.
      expect(answer.results[0]!.passage.map((p) => p.text).join('')).toContain(
        'Ministers met about the budget',
      );
    }
  });

  it('does not find them by words of their hidden text for those who may not read it', async () => {
    for (const cookie of [undefined, freeReader.cookie]) {
      const answer = await search(q(secret), cookie);
      expect(answer.total).toBe(0);
      expect(answer.facets).toEqual({ publishers: [], tags: [] });
      expect((await search(q('"analysts called"'), cookie)).total).toBe(0);
    }
  });

  it('finds them by a heading past the free part only for those who may read it', async () => {
    expect((await search(q('quasarflux'))).total).toBe(0);
    expect((await search(q('quasarflux'), freeReader.cookie)).total).toBe(0);
    expect(keysOf(await search(q('quasarflux'), premiumReader.cookie))).toEqual(['premiumHeading']);
  });

  it('finds them by their whole text, highlighted there, for premium readers and admins', async () => {
    for (const cookie of [premiumReader.cookie, admin.cookie]) {
      const answer = await search(q(secret), cookie);
      expect(keysOf(answer)).toEqual(['premium']);
      expect(marked(answer.results[0]!.passage)).toEqual([secret]);
      // The article itself is as lists carry it: the excerpt, never the whole text.
      expect(answer.results[0]!.article.description).not.toContain(secret);
    }
  });
});

describe('facets and filters', () => {
  it('counts the matches per publisher and tag, each count the total of its narrowed search', async () => {
    const answer = await search(q('house'));
    expect(answer.facets.publishers).toEqual([
      { name: 'Daily Courier', count: 1 },
      { name: 'Morning Post', count: 1 },
    ]);
    const politics = await search(q('elections'));
    expect(politics.facets.tags).toEqual([
      { tag: 'politics', count: 2 },
      { tag: 'environment', count: 1 },
    ]);
    for (const { name, count } of politics.facets.publishers) {
      expect((await search(`${q('elections')}&publisher=${encodeURIComponent(name)}`)).total).toBe(
        count,
      );
    }
    for (const { tag, count } of politics.facets.tags) {
      expect((await search(`${q('elections')}&tags=${tag}`)).total).toBe(count);
    }
  });

  it('narrows by a publisher’s whole name in any case, by every tag given, and by premium', async () => {
    expect(keysOf(await search(`${q('white')}&publisher=MORNING%20POST`))).toEqual(['phrase']);
    // A part of a name is no publisher's name: nothing, and nothing to narrow by.
    const partName = await search(`${q('white')}&publisher=Morning`);
    expect(partName).toMatchObject({ results: [], total: 0, more: false });
    expect(partName.facets).toEqual({ publishers: [], tags: [] });
    expect(keysOf(await search(`${q('elections')}&tags=politics,environment`))).toEqual([
      'bodyHit',
    ]);
    expect(keysOf(await search(`${q('budget')}&premium=true`))).toEqual(['premium']);
    expect((await search(`${q('budget')}&premium=false`)).total).toBe(0);
  });

  it('pages the results, the total staying the whole count', async () => {
    const first = await search(`${q('elections')}&limit=1`);
    const second = await search(`${q('elections')}&limit=1&page=2`);
    expect(keysOf(first)).toEqual(['titleHit']);
    expect(keysOf(second)).toEqual(['bodyHit']);
    expect([first.total, second.total]).toEqual([2, 2]);
    expect((await search(`${q('elections')}&page=3&limit=1`)).results).toEqual([]);
  });
});

describe('bad searches', () => {
  const refused = async (query: string, message: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
    expect(res.statusCode, query).toBe(400);
    expect(res.json<{ error: string; message: string }>()).toMatchObject({
      error: 'bad_request',
      message: expect.stringContaining(message),
    });
  };

  it('answers 400 with a reason', async () => {
    await refused('', searchMessages.noWords);
    await refused(q('   '), searchMessages.noWords);
    await refused(q('!!! ... ---'), searchMessages.noWords);
    await refused(q('a b c d e f g h i'), searchMessages.tooManyTerms);
    await refused(q('x'.repeat(201)), searchMessages.tooLong);
    await refused(`${q('white')}&page=0`, 'page');
    await refused(`${q('white')}&premium=maybe`, 'premium');
  });
});

describe('writes', () => {
  const put = (id: string, body: object, cookie = admin.cookie) =>
    t.app.inject({ method: 'PUT', url: `/api/articles/${id}`, payload: body, headers: { cookie } });

  it('finds an article once approved, by its new words once edited, and not once deleted', async () => {
    // Read first, so a kept answer would show if a write failed to invalidate it.
    expect((await search(q('moonquake'))).total).toBe(0);
    expect((await put(ids.pending!, { isApproved: true })).statusCode).toBe(200);
    expect(keysOf(await search(q('moonquake')))).toEqual(['pending']);

    expect((await search(q('starquake'))).total).toBe(0);
    const edited = await put(ids.pending!, {
      name: 'Starquake shakes the base',
      publisher: 'Morning Post',
      tags: ['technology'],
      description: 'A starquake was felt across the base.',
      image: uploadedImageUrl(303),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(keysOf(await search(q('starquake')))).toEqual(['pending']);
    expect((await search(q('moonquake'))).total).toBe(0);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/${ids.pending}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await search(q('starquake'))).total).toBe(0);
  });

  it('weighs the headings of an edited body', async () => {
    const db = t.app.database.db;
    const publisherId = (await createPublisher(db, { name: 'Glacier Gazette' })).id;
    const edited = await createArticle(db, author.user.id, {
      title: 'Ice news',
      description: 'Nothing moved today.',
      publisherId,
      createdAt: at(15),
    });
    const textOnly = await createArticle(db, author.user.id, {
      title: 'Cold week',
      description: 'Calving seen twice. More calving soon.',
      publisherId,
      createdAt: at(16),
    });
    const idOf = (answer: SearchAnswer) => answer.results.map((r) => r.article._id);
    expect(idOf(await search(q('calving')))).toEqual([String(textOnly.id)]);
    const answer = await put(String(edited.id), {
      name: 'Ice news',
      publisher: 'Glacier Gazette',
      tags: ['environment'],
      body: {
        type: 'doc',
        content: [heading('Glacier calving'), paragraph('Ice fell into the bay.')],
      },
      image: uploadedImageUrl(303),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(idOf(await search(q('calving')))).toEqual([String(edited.id), String(textOnly.id)]);
  });

  it('stops finding an article by its now hidden words for guests once it is made premium', async () => {
    // Its one sentence keeps only "The house was…" as a premium excerpt.
    expect(keysOf(await search(q('painted')))).toEqual(['reversed']);
    expect((await put(ids.reversed!, { isPremium: true })).statusCode).toBe(200);
    expect((await search(q('painted'))).total).toBe(0);
    expect(keysOf(await search(q('painted'), premiumReader.cookie))).toEqual(['reversed']);
    expect(keysOf(await search(`${q('house')}&premium=true`))).toEqual(['reversed']);
  });
});

describe('titles and passages', () => {
  it('keep text that looks like markup as it was written, as text', async () => {
    const title = 'Why <div> soup and a<b>c puzzle the quokkaglyph';
    const description =
      'Readers wrote in about the quokkaglyph. One sent <script>alert(1)</script> as a joke, ' +
      'another asked whether x<y holds. AT&amp;T stayed silent.';
    await createArticle(t.app.database.db, author.user.id, { title, description });
    const [result] = (await search(q('quokkaglyph'))).results;
    expect(result!.title.map((piece) => piece.text).join('')).toBe(title);
    const passage = result!.passage.map((piece) => piece.text).join('');
    expect(passage).toContain('<script>alert(1)</script>');
    expect(passage).toContain('x<y');
    expect(marked(result!.passage)).toContain('quokkaglyph');
  });
});
