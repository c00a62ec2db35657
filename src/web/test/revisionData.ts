import type { ArticleBody, BodyBlock } from '#shared/article-body/schema';
import type { Article } from '#shared/articles';
import type { ArticleRevision } from '#shared/revisions';

/*
 * A published article and its author's edit awaiting review, as the API answers them, for the
 * components that show what an edit changes.
 */

export const paragraph = (text: string): BodyBlock => ({
  type: 'paragraph',
  content: [{ type: 'text', text }],
});
export const doc = (...content: BodyBlock[]): ArticleBody => ({ type: 'doc', content });

export const liveArticle: Article = {
  _id: '7',
  name: 'Ferry timetable',
  image: '/uploads/ferry.webp',
  imageSrcset: null,
  publisher: 'The Harbour Herald',
  tags: ['business'],
  description: 'The ferry leaves at nine.\n\nTickets cost two pounds.',
  body: doc(paragraph('The ferry leaves at nine.'), paragraph('Tickets cost two pounds.')),
  isPremium: false,
  viewCount: 3,
  isApproved: true,
  createdAt: '2025-01-02T10:00:00.000Z',
  author: {
    name: 'Rita Reviser',
    photo: null,
    photoSrcset: null,
    email: 'rita@example.com',
  },
  userEmail: 'rita@example.com',
  adminMessage: null,
  pendingRevision: { _id: '41', submittedAt: '2025-01-03T09:00:00.000Z' },
  revisionMessage: null,
};

export const pendingEdit: ArticleRevision = {
  _id: '41',
  articleId: '7',
  name: 'Ferry timetable (winter)',
  image: liveArticle.image,
  imageSrcset: null,
  publisher: liveArticle.publisher,
  tags: liveArticle.tags,
  description: 'The ferry now leaves at ten.\n\nTickets cost two pounds.',
  body: doc(paragraph('The ferry now leaves at ten.'), paragraph('Tickets cost two pounds.')),
  submittedAt: '2025-01-03T09:00:00.000Z',
};

/** The text of each element `selector` finds under `root`. */
export function texts(root: HTMLElement, selector: string): (string | null)[] {
  return [...root.querySelectorAll(selector)].map((element) => element.textContent);
}
