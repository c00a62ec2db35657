import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyPlainText } from '#shared/article-body/plain-text';
import type { ArticleBody, BodyBlock } from '#shared/article-body/schema';
import type { Article } from '#shared/articles';
import type { ArticleReading } from '#shared/pages';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import {
  createArticle,
  createPublisher,
  makePremium,
  recordSavedImages,
  uploadedImageUrl,
} from '#server/test/factories';
import { sourcePages } from '#server/test/pages';
import { xssCorpus } from '#server/test/xss-corpus';

/*
 * An article's body as a document, through the API: what an author may write (every node and
 * mark round-trips), what is refused with the path of the bad node (nothing written), what a
 * reader who may not read a premium article gets of it, and that no author's text becomes markup
 * on the page.
 */

let t: TestApp;
let author: TestUser;
let admin: TestUser;
let reader: TestUser;
let subscriber: TestUser;
let publisher: string;
const cover = uploadedImageUrl(101);
const figure = uploadedImageUrl(102);

beforeAll(async () => {
  t = await createTestApp({}, { pages: await sourcePages() });
  const db = t.app.database.db;
  author = await signUp(t.app, { name: 'Body Author' });
  await makePremium(db, author.user.id);
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  reader = await signUp(t.app);
  subscriber = await signUp(t.app);
  await makePremium(db, subscriber.user.id);
  publisher = (await createPublisher(db, { name: 'The Body Herald' })).name;
  await recordSavedImages(db, cover, figure);
});
afterAll(() => t.close());

const text = (value: string, marks?: object[]) => ({
  type: 'text',
  text: value,
  ...(marks && { marks }),
});
const paragraph = (...content: object[]) => ({ type: 'paragraph', content });

/** One of every node and mark an author may write. */
const everything: ArticleBody = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('What happened')] },
    paragraph(
      text('The harbour '),
      text('reopened', [{ type: 'bold' }]),
      text(' on '),
      text('Monday', [{ type: 'italic' }]),
      text(', says '),
      text('the port', [{ type: 'link', attrs: { href: 'https://port.example/news' } }]),
      text('.'),
    ),
    { type: 'heading', attrs: { level: 3 }, content: [text('Voices')] },
    { type: 'blockquote', content: [paragraph(text('We waited a year.'))] },
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [paragraph(text('Ferries'))] },
        { type: 'listItem', content: [paragraph(text('Fishing boats'))] },
      ],
    },
    {
      type: 'orderedList',
      content: [{ type: 'listItem', content: [paragraph(text('First the ferries'))] }],
    },
    {
      type: 'image',
      attrs: { src: figure, alt: 'The quay at dawn', caption: 'Dawn', credit: 'Ana' },
    },
    { type: 'horizontalRule' },
    paragraph(
      text('Write to '),
      text('us', [{ type: 'link', attrs: { href: 'mailto:desk@example.com' } }]),
    ),
  ] as BodyBlock[],
};

const post = (payload: object, cookie = author.cookie) =>
  t.app.inject({ method: 'POST', url: '/api/articles', payload, headers: { cookie } });
const article = (overrides: object) => ({
  name: 'Harbour reopens',
  publisher,
  tags: ['business'],
  image: cover,
  ...overrides,
});
const count = async () =>
  Number(
    (
      await t.app.database.db
        .selectFrom('article')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('an article body', () => {
  it('round-trips every node and mark, with its plain text as the description', async () => {
    const res = await post(article({ body: everything }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ insertedId: string }>().insertedId;
    const detail = await t.app.inject({
      url: `/api/articledetail/${id}`,
      headers: { cookie: author.cookie },
    });
    const answer = detail.json<Article>();
    expect(answer.body).toEqual(everything);
    expect(answer.description).toBe(bodyPlainText(everything));
    expect(answer.description).toContain('The harbour reopened on Monday, says the port.');
  });

  it('is made of the paragraphs of a description sent alone, as the spec’s clients send it', async () => {
    const res = await post(article({ description: 'First paragraph.\n\nSecond one.' }));
    expect(res.statusCode).toBe(201);
    const id = res.json<{ insertedId: string }>().insertedId;
    const detail = await t.app.inject({
      url: `/api/articledetail/${id}`,
      headers: { cookie: author.cookie },
    });
    expect(detail.json<Article>().body).toEqual({
      type: 'doc',
      content: [paragraph(text('First paragraph.')), paragraph(text('Second one.'))],
    });
  });

  it('is refused with the path of the bad node, and nothing is written', async () => {
    const withBlock = (block: object) => ({
      type: 'doc',
      content: [paragraph(text('Fine.')), block],
    });
    const cases: [string, unknown, string][] = [
      ['an unknown node', withBlock({ type: 'codeBlock', content: [text('x')] }), 'body.content.1'],
      [
        'an unknown mark',
        withBlock(paragraph(text('x', [{ type: 'underline' }]))),
        'body.content.1.content.0.marks.0',
      ],
      [
        'an unknown attribute',
        withBlock({ type: 'heading', attrs: { level: 2, align: 'center' }, content: [text('x')] }),
        'body.content.1.attrs',
      ],
      [
        'a heading level 1',
        withBlock({ type: 'heading', attrs: { level: 1 }, content: [text('x')] }),
        'body.content.1.attrs.level',
      ],
      [
        'a javascript: link',
        withBlock(paragraph(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))),
        'body.content.1.content.0.marks.0.attrs.href',
      ],
      [
        'a data: link',
        withBlock(
          paragraph(text('x', [{ type: 'link', attrs: { href: 'data:text/html,<script>' } }])),
        ),
        'body.content.1.content.0.marks.0.attrs.href',
      ],
      [
        'an image from elsewhere',
        withBlock({ type: 'image', attrs: { src: 'https://evil.example/x.png', alt: 'x' } }),
        'body.content.1.attrs.src',
      ],
      [
        'an image shaped like ours that was never uploaded',
        withBlock({ type: 'image', attrs: { src: uploadedImageUrl(103), alt: 'x' } }),
        'body.content.1.attrs.src',
      ],
      [
        'more than 500 blocks',
        { type: 'doc', content: Array.from({ length: 501 }, () => paragraph(text('x'))) },
        'body',
      ],
      [
        'more than 100 KB',
        {
          type: 'doc',
          content: Array.from({ length: 400 }, () => paragraph(text('y'.repeat(300)))),
        },
        'body',
      ],
    ];
    const before = await count();
    for (const [what, body, path] of cases) {
      const res = await post(article({ body }));
      expect(res.statusCode, what).toBe(400);
      expect(res.json<{ message: string }>().message, what).toMatch(
        new RegExp(`^${path.replaceAll('.', '\\.')}[.:]`),
      );
    }
    expect(await count()).toBe(before);
  });

  it('keeps pictures an article already shows when its author edits it', async () => {
    const created = await post(article({ body: everything }));
    const id = created.json<{ insertedId: string }>().insertedId;
    const edited = {
      ...everything,
      content: [...everything.content, paragraph(text('A new closing line.'))],
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${id}`,
      payload: article({ body: edited }),
      headers: { cookie: author.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a premium article’s body', () => {
  const secret = 'Only subscribers learn how the night ends.';
  let id: number;

  beforeAll(async () => {
    const body: ArticleBody = {
      type: 'doc',
      content: [
        paragraph(text('Doctors at the valley clinic open their doors at dawn.')),
        paragraph(text(`${'The second paragraph tells more. '.repeat(12)}${secret}`)),
        paragraph(text('A third paragraph closes the story.')),
      ] as BodyBlock[],
    };
    id = (await createArticle(t.app.database.db, author.user.id, { body, isPremium: true })).id;
  });

  const reading = (cookie?: string) =>
    t.app.inject({ url: `/api/articles/${id}/reading`, headers: cookie ? { cookie } : {} });

  it('reaches a guest and a free reader as its free part alone', async () => {
    for (const cookie of [undefined, reader.cookie]) {
      const res = await reading(cookie);
      expect(res.body).not.toContain(secret);
      const answer = res.json<ArticleReading>();
      expect(answer.access).toBe('preview');
      expect(answer.article.body?.content).toHaveLength(1);
      const page = await t.app.inject({
        url: `/articles/${id}`,
        headers: cookie ? { cookie } : {},
      });
      expect(page.body).not.toContain(secret);
      expect(page.body).toContain('Doctors at the valley clinic open their doors at dawn.');
    }
  });

  it('reaches a subscriber, an admin and its author whole', async () => {
    for (const user of [subscriber, admin, author]) {
      const res = await reading(user.cookie);
      expect(res.json<ArticleReading>().article.body?.content).toHaveLength(3);
      expect(res.body).toContain(secret);
    }
  });
});

describe('an author’s text on the article page', () => {
  it('never becomes markup: no script, handler or javascript: address', async () => {
    const body: ArticleBody = {
      type: 'doc',
      content: xssCorpus.flatMap((attack) => [
        { type: 'heading', attrs: { level: 2 }, content: [text(attack)] },
        paragraph(
          text(attack, [{ type: 'link', attrs: { href: `https://example.com/?q=${attack}` } }]),
        ),
        { type: 'image', attrs: { src: figure, alt: attack, caption: attack, credit: attack } },
      ]) as BodyBlock[],
    };
    const { id } = await createArticle(t.app.database.db, author.user.id, {
      title: 'Hostile body',
      body,
    });
    const html = (await t.app.inject(`/articles/${id}`)).body;
    const doc = parse(html);
    const main = doc.querySelector('main')!;
    const scripts = main.querySelectorAll('script');
    // The page's own structured data is a script element of data, never run.
    expect(scripts.map((script) => script.getAttribute('type'))).toEqual(['application/ld+json']);
    expect(main.querySelectorAll('iframe, svg, object, embed')).toHaveLength(0);
    for (const element of main.querySelectorAll('*')) {
      for (const [name, value] of Object.entries(element.attributes)) {
        expect(name.startsWith('on'), `${element.tagName} ${name}`).toBe(false);
        expect(value.trim().toLowerCase().startsWith('javascript:'), `${name}=${value}`).toBe(
          false,
        );
      }
    }
    // Links from an author who is not an editor are theirs, not the site's.
    const links = main.querySelectorAll('.space-y-5 a[href^="https://example.com"]');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.getAttribute('rel')).toBe('nofollow ugc noopener');
  });
});
