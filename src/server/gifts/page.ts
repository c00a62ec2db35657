import type { FastifyReply } from 'fastify';
import type { RenderedPage } from '#shared/pages';

/**
 * Answers an article's page reached by a gift link (`/articles/:id?gift=`, decision 024). It is
 * rendered for this reader alone, with the gift's meter (GiftLinks.meterFor), whatever the link
 * came to: never kept with the guests' shared pages, never stored, never cached by anyone
 * (the web app marks it `noindex`, its canonical address the article's own).
 */
export function answerGiftPage(reply: FastifyReply, page: RenderedPage) {
  reply.header('cache-control', 'private, no-store');
  if (page.location) return reply.redirect(page.location, page.status);
  return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
}
