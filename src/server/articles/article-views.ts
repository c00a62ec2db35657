import fp from 'fastify-plugin';
import { runPeriodically } from '../jobs/periodic.js';
import { ArticleViews } from './queries/views.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Views of published articles, with each address's allowance (`rateLimits.articleViews`). */
    articleViews: ArticleViews;
  }
}

/** How often this process adds the views it counted to the articles. */
const flushIntervalMs = 1_000;

/**
 * The article view counter (articles/queries/views.ts): written to the database once a second,
 * and once more as the app closes, so no counted view is lost to a restart.
 */
export const articleViewsPlugin = fp(
  async (app) => {
    const views = new ArticleViews(app.database.db);
    app.decorate('articleViews', views);
    runPeriodically(app, 'counting views', flushIntervalMs, () =>
      views.flush(app.clock().getTime()),
    );
    app.addHook('preClose', () => views.flush(app.clock().getTime()));
  },
  { name: 'article-views', dependencies: ['database'] },
);
