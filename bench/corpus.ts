import { imageVariantWidths, maxImageWidth } from '../src/server/images/limits.js';
import { articleDrafts } from '../src/server/db/seed/articles/index.js';
import { createRandom, type Random } from '../src/server/db/seed/prng.js';
import type { ArticleBody, BodyBlock } from '../src/shared/article-body/schema.js';
import { tags as allTags, type Tag } from '../src/shared/tags.js';

/**
 * Made-up but realistic content for the benchmark's database, the same on every run: titles and
 * paragraphs come from the demo articles (real prose of real lengths), recombined, with a place
 * in every title so a title search finds a few percent of the articles, as a reader's would.
 */

const places = [
  'Port Aldridge',
  'Northgate',
  'Westmere',
  'Easton Vale',
  'Cedar Park',
  'Kingsford',
  'Hallow',
  'Brenton',
  'Upper Marsh',
  'Riverside',
  'Summit Ridge',
  'Lowbridge',
  'Ashford',
  'Millbank',
  'Greystone',
  'Fairhaven',
  'Oakhurst',
  'Bramley',
  'Stonebridge',
  'Harrowgate',
  'Elmstead',
  'Marlow Bay',
  'Thornfield',
  'Wrenfold',
  'Calder',
  'Redcliffe',
  'Sandmoor',
  'Pinecrest',
  'Whitby Cross',
  'Larkspur',
  'Foxley',
  'Hawthorne',
  'Kestrel Point',
  'Meadowvale',
  'Norbury',
  'Quarry Hill',
  'Rosedale',
  'Tidewater',
  'Underhill',
  'Valemont',
];
const firstNames = [
  'Grace',
  'Marcus',
  'Sofia',
  'Oliver',
  'Hannah',
  'Amelia',
  'Noah',
  'Priya',
  'Tomasz',
  'Leila',
  'Kwame',
  'Ingrid',
  'Mateo',
  'Yuki',
  'Fatima',
  'Liam',
  'Chloe',
  'Ravi',
  'Elena',
  'Samuel',
];
const lastNames = [
  'Hart',
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Chen',
  'Adeyemi',
  'Novak',
  'Silva',
  'Brennan',
  'Kowalski',
  'Haddad',
  'Tanaka',
  'Osei',
  'Fischer',
  'Romero',
  'Quinn',
  'Walsh',
  'Patel',
  'Duarte',
  'Nakamura',
  'Ward',
  'Ibrahim',
  'Costa',
  'Byrne',
  'Larsen',
];
const publisherWords = [
  'Herald',
  'Gazette',
  'Chronicle',
  'Ledger',
  'Courier',
  'Tribune',
  'Observer',
  'Sentinel',
  'Dispatch',
  'Post',
  'Times',
  'Record',
  'Mirror',
  'Examiner',
  'Standard',
  'Express',
  'Journal',
  'Bulletin',
  'Register',
  'Beacon',
];

const titles = articleDrafts.map((draft) => draft.title);
const paragraphs = articleDrafts.flatMap((draft) => draft.paragraphs);

/** Words a reader might type into the title search: those of four letters or more in titles. */
export const titleWords = [
  ...new Set(
    titles
      .flatMap((title) => title.toLowerCase().match(/[a-z]{4,}/g) ?? [])
      .concat(places.map((place) => place.split(' ')[0]!.toLowerCase())),
  ),
].sort();

/**
 * Words a reader might type into site search: every word of four letters or more in the titles
 * and texts, so the common ones (in most articles) and the rare ones (in a few) come up alike.
 */
export const searchWords = [
  ...new Set(
    [...titles, ...paragraphs].flatMap((text) => text.toLowerCase().match(/[a-z]{4,}/g) ?? []),
  ),
].sort();

export interface BenchUser {
  id: string;
  name: string;
  email: string;
  image: string;
  createdAt: string;
  isPremium: boolean;
}

export interface BenchArticle {
  id: number;
  title: string;
  image: string;
  publisherId: number;
  body: ArticleBody;
  tags: Tag[];
  isPremium: boolean;
  isApproved: boolean;
  viewCount: number;
  authorId: string;
  createdAt: string;
}

export const publisherNames = publisherWords.map((word, index) => `The ${places[index]!} ${word}`);

const day = 24 * 60 * 60 * 1000;
/** Everything is dated before this instant, so runs are identical. */
const epoch = Date.parse('2026-01-01T00:00:00.000Z');

export function benchUser(index: number, random: Random): BenchUser {
  const name = `${random.pick(firstNames)} ${random.pick(lastNames)}`;
  return {
    id: `bench-user-${index}`,
    name,
    email: `reader${index}@bench.example`,
    image: `/uploads/${hex(index, 'a')}.webp`,
    createdAt: new Date(epoch - random.int(30, 1500) * day).toISOString(),
    isPremium: random.next() < 0.05,
  };
}

const paragraph = (text: string, link?: string): BodyBlock => {
  if (!link) return { type: 'paragraph', content: [{ type: 'text', text }] };
  // The first words link to a source, as a story cites one.
  const cut = text.indexOf(' ', 20);
  return {
    type: 'paragraph',
    content: [
      { type: 'text', text: text.slice(0, cut), marks: [{ type: 'link', attrs: { href: link } }] },
      { type: 'text', text: text.slice(cut) },
    ],
  };
};

/**
 * A body as the editor writes one: a linked first paragraph, a subheading, a list, the story's
 * picture as a captioned figure, a quotation, and the rest of its paragraphs.
 */
function structuredBody(texts: string[], id: number, image: string, random: Random): ArticleBody {
  const [first, second, ...rest] = texts as [string, string, ...string[]];
  const sentences = (rest.shift() ?? second).split(/(?<=\.)\s+/).slice(0, 3);
  const content: BodyBlock[] = [
    paragraph(first, `https://source.example/${id}`),
    paragraph(second),
    {
      type: 'heading',
      attrs: { level: 2 },
      content: [{ type: 'text', text: random.pick(titles) }],
    },
    {
      type: 'bulletList',
      content: sentences.map((text) => ({ type: 'listItem', content: [paragraph(text)] })),
    },
    {
      type: 'image',
      attrs: {
        src: image,
        alt: 'The scene of the story',
        caption: 'Where it happened',
        credit: 'Tribune',
      },
    },
  ];
  for (const [index, text] of rest.entries()) {
    content.push(
      index === 1 ? { type: 'blockquote', content: [paragraph(text)] } : paragraph(text),
    );
  }
  return { type: 'doc', content };
}

/**
 * Article `id` of `total`: newer ids are newer articles, as in a live site. 10% premium, 5%
 * pending, one to three of the eight tags, a structured body of about 300 to 2,000 words (most
 * near the short end), views skewed so a few articles are read far more than most.
 */
export function benchArticle(
  id: number,
  total: number,
  users: number,
  random: Random,
): BenchArticle {
  // 300 to 2,000 words, most near the short end.
  const words = 300 + Math.floor(1700 * random.next() ** 3);
  const texts: string[] = [];
  for (let count = 0; texts.length < 4 || count < words;) {
    const text = random.pick(paragraphs);
    const more = text.split(/\s+/).length;
    if (texts.length >= 4 && count + more > 2000) break;
    texts.push(text);
    count += more;
  }
  const image = `/uploads/${hex(id, 'b')}.webp`;
  const tagCount = random.int(1, 3);
  const tags = new Set<Tag>();
  while (tags.size < tagCount) tags.add(random.pick(allTags));
  const ageDays = ((total - id) / total) * 1000;
  return {
    id,
    title: `${random.pick(places)}: ${random.pick(titles)}`,
    image,
    publisherId: random.int(1, publisherNames.length),
    body: structuredBody(texts, id, image, random),
    tags: [...tags],
    isPremium: random.next() < 0.1,
    isApproved: random.next() >= 0.05,
    viewCount: Math.floor(5000 * random.next() ** 6),
    authorId: `bench-user-${random.int(1, users)}`,
    createdAt: new Date(epoch - ageDays * day - random.int(0, 600_000)).toISOString(),
  };
}

/**
 * The widths an article's picture is recorded in, as an upload records them
 * (images/variants.ts): 1600 × 900 and its narrower copies, each under a name of its own.
 */
export function benchImageVariants(article: Pick<BenchArticle, 'id' | 'image'>) {
  const fills = ['u', 'v', 'w', 'x'];
  return [
    ...imageVariantWidths.map((width, index) => ({
      image: article.image,
      width,
      height: (width * 9) / 16,
      url: `/uploads/${hex(article.id, fills[index]!)}.webp`,
    })),
    { image: article.image, width: maxImageWidth, height: 900, url: article.image },
  ];
}

export function benchRandom(): Random {
  return createRandom('tribune-bench');
}

/** A 32-character name like the image store's content hashes. */
function hex(n: number, fill: string): string {
  return n.toString(16).padStart(32, fill);
}
