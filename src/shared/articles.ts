import { z } from 'zod';
import { bodyPlainText, plainTextToBody } from './article-body/plain-text.js';
import { answeredBodySchema, articleBodySchema, type ArticleBody } from './article-body/schema.js';
import { isPlainLine, isPlainText } from './control-characters.js';
import { isDeclined } from './rules/moderation.js';
import { tags } from './tags.js';

/** Limits that keep articles readable and the database lean. */
export const articleLimits = {
  titleMax: 200,
  descriptionMax: 20_000,
  publisherMax: 100,
} as const;

export const tagSchema = z.enum(tags, { error: `Tags must be among: ${tags.join(', ')}` });

/** An article as the API sends it (spec section 3). Lists carry an excerpt as `description`
 * (src/shared/excerpt.ts); the detail answer carries the full text. */
export const articleSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  /** The image in several widths as an HTML srcset (`url 400w, …`), or null while it has none. */
  imageSrcset: z.string().nullable(),
  publisher: z.string(),
  tags: z.array(z.string()),
  description: z.string(),
  /**
   * The article's body as a document (src/shared/article-body/), where the answer carries the
   * text: the whole of it on the detail and to a reader who may read it, a premium article's
   * free part to one who may not. Lists carry the excerpt alone.
   */
  body: answeredBodySchema.optional(),
  isPremium: z.boolean(),
  viewCount: z.number().int(),
  isApproved: z.boolean(),
  createdAt: z.string(),
  author: z.object({
    name: z.string(),
    photo: z.string().nullable(),
    /** The photo's narrower copies as an HTML srcset, or null (as `imageSrcset`). */
    photoSrcset: z.string().nullable(),
    email: z.string(),
  }),
  userEmail: z.string(),
  adminMessage: z.string().nullable(),
  /**
   * Only for the author and admins (their lists and the detail), never in public answers: the
   * author's edit of the published article that waits for an editor, and why an editor declined
   * the last one (docs/decisions/004-pending-revisions.md).
   */
  pendingRevision: z.object({ _id: z.string(), submittedAt: z.string() }).nullable().optional(),
  revisionMessage: z.string().nullable().optional(),
});

export type Article = z.infer<typeof articleSchema>;

const title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(articleLimits.titleMax, `Title must be at most ${articleLimits.titleMax} characters long`)
  .refine(isPlainLine, 'Title must not contain control characters');
const publisher = z
  .string({ error: 'Publisher is required' })
  .trim()
  .min(1, 'Publisher is required')
  .max(articleLimits.publisherMax)
  .refine(isPlainLine, 'Publisher must not contain control characters');
const articleTags = z
  .array(tagSchema, { error: 'Tags are required' })
  .min(1, 'Tags are required')
  .max(tags.length)
  .transform((list) => [...new Set(list)]);
const description = z
  .string({ error: 'Description is required' })
  .trim()
  .min(1, 'Description is required')
  .max(
    articleLimits.descriptionMax,
    `Description must be at most ${articleLimits.descriptionMax} characters long`,
  )
  .refine(isPlainText, 'Description must not contain control characters');
/** The display_url POST /api/images answered; the server accepts only images it stored. */
const image = z.string({ error: 'Image is required' }).trim().min(1, 'Image is required');

/**
 * POST /api/articles: what an author sends. Everything else is decided by the server. The text
 * comes as `body` (the editor's document), or as `description` alone (plain text, as the spec's
 * clients send it), which becomes paragraphs; either way the answer holds both, `description`
 * being the body's plain text. A body wins over a description sent beside it.
 */
export const createArticleSchema = z
  .object({
    name: title,
    publisher,
    tags: articleTags,
    description: description.optional(),
    body: articleBodySchema.optional(),
    image,
  })
  // Said beside the other fields' problems, as the form shows every required field at once.
  .refine((input) => input?.body !== undefined || input?.description !== undefined, {
    path: ['description'],
    message: 'Description is required',
    when: () => true,
  })
  .transform(({ body, description, ...rest }) =>
    body
      ? { ...rest, body, description: bodyPlainText(body) }
      : { ...rest, body: plainTextToBody(description ?? ''), description: description ?? '' },
  );
export type CreateArticle = { body: ArticleBody; description: string } & Omit<
  z.output<typeof createArticleSchema>,
  'body' | 'description'
>;

/** PUT /api/articles/:id from the author: the content fields; the rest is kept as it is. */
export const updateArticleSchema = createArticleSchema;
export type UpdateArticle = z.infer<typeof updateArticleSchema>;

export type ArticleStatus =
  'Declined' | 'Approved & Premium' | 'Approved & Non-Premium' | 'Pending';

/** The status shown to authors and admins (spec section 4, "Article status shown"). */
export function articleStatus(
  article: Pick<Article, 'adminMessage' | 'isApproved' | 'isPremium'>,
): ArticleStatus {
  if (isDeclined(article)) return 'Declined';
  if (article.isApproved && article.isPremium) return 'Approved & Premium';
  if (article.isApproved) return 'Approved & Non-Premium';
  return 'Pending';
}
