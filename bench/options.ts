import { parseArgs } from 'node:util';

export type Engine = 'sqlite' | 'postgres';

export interface BenchOptions {
  engine: Engine;
  /** A quick run for `npm test`: few articles, short scenarios, budgets reported but not enforced. */
  smoke: boolean;
  /** Reuse dist/ as it is (npm test builds just before). */
  skipBuild: boolean;
  articles: number;
  users: number;
  connections: number;
  /** Seconds of measured load per scenario, after a short warm-up. */
  seconds: number;
  /** Requests a second at which latency is measured against the budgets (open loop). */
  rate: number;
  warmupSeconds: number;
  /** PostgreSQL server to create the throw-away database on. */
  postgresUrl?: string;
  /** Scenario keys to run (all when absent): for looking into one path. */
  only?: string[];
  /** Server processes (WEB_CONCURRENCY): 1 by default, as `npm start` runs. */
  workers: number;
  /** Serve with SERVER_TIMING=true and report each scenario's time in the database. */
  databaseShare: boolean;
}

const usage = `Usage: npm run bench -- [--db sqlite|postgres] [--smoke] [--skip-build]
                       [--articles N] [--connections N] [--seconds N] [--rate N]
                       [--only KEY,KEY] [--workers N] [--db-share]
  --db postgres uses TEST_DATABASE_URL (or --postgres-url) to create a throw-away database.
  --db-share serves with SERVER_TIMING=true and times each scenario's requests one at a time:
             their time in the server and in the database (the header adds a little work to
             every request, so compare throughput from runs without it).`;

/** The command line of `npm run bench`; prints the usage and exits on a bad option. */
export function readOptions(argv: string[]): BenchOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        db: { type: 'string', default: 'sqlite' },
        smoke: { type: 'boolean', default: false },
        'skip-build': { type: 'boolean', default: false },
        articles: { type: 'string' },
        connections: { type: 'string' },
        seconds: { type: 'string' },
        rate: { type: 'string' },
        'postgres-url': { type: 'string' },
        only: { type: 'string' },
        workers: { type: 'string' },
        'db-share': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const engine = values.db;
  if (engine !== 'sqlite' && engine !== 'postgres') fail(`--db must be sqlite or postgres`);
  const smoke = values.smoke;
  const postgresUrl = values['postgres-url'] ?? process.env.TEST_DATABASE_URL;
  if (engine === 'postgres' && !postgresUrl) {
    fail('--db postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  }
  return {
    engine,
    smoke,
    skipBuild: values['skip-build'],
    articles: count(values.articles, '--articles') ?? (smoke ? 1_000 : 100_000),
    users: smoke ? 100 : 10_000,
    connections: count(values.connections, '--connections') ?? (smoke ? 20 : 200),
    seconds: count(values.seconds, '--seconds') ?? (smoke ? 1 : 10),
    rate: count(values.rate, '--rate') ?? (smoke ? 100 : 1_000),
    warmupSeconds: smoke ? 0 : 5,
    postgresUrl,
    only: values.only?.split(',').map((key) => key.trim()),
    workers: count(values.workers, '--workers') ?? 1,
    databaseShare: values['db-share'],
  };
}

function count(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`${name} must be a whole number above 0`);
  return n;
}

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}
