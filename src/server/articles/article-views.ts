import fp from 'fastify-plugin';
import { flushPeriodically } from '#server/jobs/periodic';
import { ArticleViews } from './queries/views.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Views of published articles, with each address's allowance (`rateLimits.articleViews`). */
    articleViews: ArticleViews;
  }
}

/** The article view counter (articles/queries/views.ts), written to the database once a second. */
export const articleViewsPlugin = fp(
  async (app) => {
    const views = new ArticleViews(app.database.db, app.database.background);
    app.decorate('articleViews', views);
    flushPeriodically(app, 'counting views', 1_000, () => views.flush(app.clock().getTime()));
  },
  { name: 'article-views', dependencies: ['database'] },
);
