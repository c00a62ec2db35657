import { defaultClientConditions } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import type { Reporter } from 'vitest/node';
import { webAlias } from './vite.config.js';
import {
  missingLine,
  missingNginx,
  nginxTestFile,
  requireAll,
} from './src/server/test/outside-programs.js';

// Unit and API tests. The API tests run once on SQLite and, when TEST_DATABASE_URL points at a
// PostgreSQL server, once more on it; each test file gets its own fresh database. Component
// tests (*.test.tsx) run in happy-dom.
//
// The test of the nginx example needs nginx, which npm does not bring: without it the run leaves
// that file out and says so (src/server/test/outside-programs.ts), unless TRIBUNE_REQUIRE_ALL=1.
const nginx = missingNginx();
if (nginx && requireAll()) throw new Error(missingLine(nginx));

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'sqlite',
      include: ['src/**/*.test.ts'],
      exclude: nginx ? [nginxTestFile] : [],
      env: { TEST_DIALECT: 'sqlite' },
    },
  },
  {
    // The web app's components, rendered with Testing Library in a simulated browser.
    extends: true,
    test: { name: 'web', include: ['src/web/**/*.test.tsx'], environment: 'happy-dom' },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true,
    test: {
      name: 'postgres',
      include: ['src/server/**/*.test.ts'],
      // Process tests start the server on its default SQLite database; once is enough.
      exclude: ['src/server/**/*.process.test.ts'],
      env: { TEST_DIALECT: 'postgres' },
    },
  });
}

export default defineConfig({
  // `tribune-source`: package.json's subpath imports (#shared/*, #server/*) name the TypeScript
  // sources (the built server's name dist/). On the server side, Vitest's own conditions.
  resolve: { conditions: ['tribune-source', ...defaultClientConditions], alias: [webAlias] },
  ssr: { resolve: { conditions: ['tribune-source', 'node', 'development|production'] } },
  test: {
    projects,
    ...(nginx && { reporters: ['default', saying(missingLine(nginx))] }),
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

/** A reporter that prints a line after Vitest's header and again after its summary. */
function saying(line: string): Reporter {
  let print = () => {};
  return {
    onInit(vitest) {
      print = () => vitest.logger.log(line);
      print();
    },
    onTestRunEnd: () => print(),
  };
}
