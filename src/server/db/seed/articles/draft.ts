import type { Tag } from '#shared/tags';
import type { PersonKey } from '#server/db/seed/people';
import type { PublisherKey } from '#server/db/seed/publishers';

/** Where an article stands with the editors; a declined one carries the editor's reason. */
export type DraftStatus = 'approved' | 'premium' | 'pending' | { declined: string };

/** One demo article as written; dates, view counts and the image are added when seeding. */
export interface ArticleDraft {
  title: string;
  /** One to three tags; the first chooses the illustration's palette and motif. */
  tags: readonly [Tag, ...Tag[]];
  publisher: PublisherKey;
  author: PersonKey;
  status: DraftStatus;
  /** A story many readers opened: it ranks among the most viewed, so the front page's trending
   * carousel shows a premium story too. */
  trending?: true;
  /** Stored as the description, separated by blank lines. */
  paragraphs: readonly string[];
}
