import type { PageRenderer } from '#shared/pages';
import type { Pages } from '#server/pages/serve';

/**
 * The web app's server entry straight from its source (vitest compiles it), for tests of the
 * server's HTML without a build. The assets stand in for the built files: a page names them as
 * it would name the real ones, and nothing here fetches them.
 */
export async function sourcePages(): Promise<Pages> {
  const renderer = (await import('../../web/entry-server.js')) as PageRenderer;
  return {
    renderer,
    assets: {
      script: '/assets/main-test.js',
      styles: ['/assets/main-test.css'],
      preloads: ['/assets/vendor-test.js'],
      routeModules: {},
    },
    build: 'source',
  };
}
