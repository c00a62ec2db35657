import { businessArticles } from './business.js';
import type { ArticleDraft } from './draft.js';
import { educationArticles } from './education.js';
import { entertainmentArticles } from './entertainment.js';
import { environmentArticles } from './environment.js';
import { healthArticles } from './health.js';
import { politicsArticles } from './politics.js';
import { sportsArticles } from './sports.js';
import { technologyArticles } from './technology.js';

export type { ArticleDraft } from './draft.js';

/** Every demo article, grouped in files by its main tag. */
export const articleDrafts: readonly ArticleDraft[] = [
  ...politicsArticles,
  ...businessArticles,
  ...sportsArticles,
  ...entertainmentArticles,
  ...technologyArticles,
  ...healthArticles,
  ...environmentArticles,
  ...educationArticles,
];
