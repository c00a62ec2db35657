import type SQLite from 'better-sqlite3';

/**
 * On Node 24 the SQLite driver, better-sqlite3 12, aborts the whole process when the garbage
 * collector finalizes one of its objects (a connection or a statement) outside JavaScript:
 * `Assertion failed: (env) != nullptr` in `Statement::~Statement`. Node 24's `ObjectWrap`, which
 * its objects extend, removes an environment cleanup hook in its destructor, and that needs an
 * entered context, which an idle-time collection does not have. better-sqlite3 13 no longer uses
 * `ObjectWrap`, but needs Node 22 and crashes on Node 20, which the project still supports.
 *
 * Until then, on Node 24 nothing of better-sqlite3's is left to the garbage collector: the
 * connection and every statement prepared on it (by Kysely through the statement cache, or by
 * the driver itself for a pragma) stay referenced for the life of the process, and Node frees
 * them at exit, which is safe. They are few: the app prepares each query shape once
 * (sqlite-statement-cache.ts) and no query's text carries a value. Older Node is left as it is.
 */
const retained = new Set<object>();
const affected = Number(process.versions.node.split('.')[0]) >= 24;

export function retainDriverObjects(sqlite: SQLite.Database): SQLite.Database {
  if (!affected) return sqlite;
  retained.add(sqlite);
  const prepare = sqlite.prepare.bind(sqlite) as (...args: unknown[]) => SQLite.Statement;
  Object.defineProperty(sqlite, 'prepare', {
    value: (...args: unknown[]) => {
      const statement = prepare(...args);
      retained.add(statement);
      return statement;
    },
  });
  return sqlite;
}
