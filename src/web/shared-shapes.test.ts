import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The API's request and answer shapes are written once, in src/shared/api/, and the web app
 * imports them: a type the web app declares again under a name src/shared/api exports, or a
 * write answer's fields typed by hand, would drift from what the server checks and answers.
 */

const root = join(import.meta.dirname, '..');

function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The names a module exports as a type, an interface or a value. */
function exportedNames(source: string): string[] {
  return [...source.matchAll(/export\s+(?:type|interface|const|function)\s+(\w+)/g)].map(
    (match) => match[1]!,
  );
}

/** The names a module declares as its own type or interface (exported or not). */
function declaredTypes(source: string): string[] {
  return [...source.matchAll(/(?:^|\s)(?:type|interface)\s+(\w+)\s*(?:<[^>]*>)?\s*[={]/gm)].map(
    (match) => match[1]!,
  );
}

const sharedApi = filesUnder(join(root, 'shared/api'), (name) => /(?<!\.test)\.ts$/.test(name));
const sharedNames = new Set(sharedApi.flatMap((file) => exportedNames(readFileSync(file, 'utf8'))));
const webFiles = filesUnder(join(root, 'web'), (name) => /\.tsx?$/.test(name)).filter(
  (file) => !file.endsWith('shared-shapes.test.ts'),
);

describe('the shapes src/shared/api exports', () => {
  it('are found by name, and a declaration of one is seen', () => {
    expect(sharedNames).toContain('PublicListQuery');
    expect(sharedNames).toContain('SearchParams');
    expect(sharedNames).toContain('InsertedAnswer');
    expect(declaredTypes('export interface SearchParams {\n  q: string;\n}')).toEqual([
      'SearchParams',
    ]);
    expect(declaredTypes('type PublicListQuery = { page?: number };')).toEqual(['PublicListQuery']);
    expect(declaredTypes("import type { SearchParams } from '#shared/api/search-query';")).toEqual(
      [],
    );
  });

  it('are not declared again in the web app', () => {
    const again = webFiles.flatMap((file) =>
      declaredTypes(readFileSync(file, 'utf8'))
        .filter((name) => sharedNames.has(name))
        .map((name) => `${relative(root, file)}: ${name}`),
    );
    expect(again).toEqual([]);
  });

  it("are the only types of the writes' answers in the web app", () => {
    const byHand = webFiles.flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /\b(insertedId|modifiedCount|deletedCount)\??:\s*(?:string|number)\b/g,
        ),
      ].map((match) => `${relative(root, file)}: ${match[1]}`),
    );
    expect(byHand).toEqual([]);
  });
});
