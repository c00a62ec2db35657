import { afterEach, describe, expect, it } from 'vitest';
import { logFormatFor, type AppConfig } from './config.js';
import { logDestination, requestLogController } from './log.js';
import { createTestApp, type TestApp } from './test/app.js';

describe('the log format', () => {
  it('is readable at a terminal outside production', () => {
    expect(logFormatFor('development', true)).toBe('readable');
    expect(logFormatFor('test', true)).toBe('readable');
  });

  it('is JSON in production, even at a terminal', () => {
    expect(logFormatFor('production', true)).toBe('json');
  });

  it('is JSON into a pipe or a file', () => {
    expect(logFormatFor('development', false)).toBe('json');
    expect(logFormatFor('development', undefined)).toBe('json');
  });
});

describe('the log destination', () => {
  it('sends readable lines through pino-pretty at the configured level', () => {
    expect(logDestination({ logLevel: 'warn', logFormat: 'readable' })).toEqual({
      level: 'warn',
      transport: expect.objectContaining({ target: 'pino-pretty' }),
    });
  });

  it('writes JSON to standard output otherwise', () => {
    expect(logDestination({ logLevel: 'info', logFormat: 'json' })).toEqual({ level: 'info' });
    expect(logDestination({ logLevel: 'info' })).toEqual({ level: 'info' });
  });

  it("writes JSON to a test's stream whatever the format", () => {
    const stream = { write: () => undefined };
    expect(logDestination({ logLevel: 'debug', logFormat: 'readable' }, stream)).toEqual({
      level: 'debug',
      stream,
    });
  });

  it("keeps Fastify's own request lines for JSON", () => {
    expect(requestLogController({ logFormat: 'json' })).toBeUndefined();
    expect(requestLogController({})).toBeUndefined();
  });
});

describe("a request's log lines", () => {
  let server: TestApp | undefined;
  afterEach(() => server?.close());

  /** The server's log lines about requests after one GET, as JSON. */
  async function requestLines(config: Pick<AppConfig, 'logLevel' | 'logFormat'>) {
    const lines: string[] = [];
    server = await createTestApp(config, { logStream: { write: (line) => void lines.push(line) } });
    const answer = await server.app.inject({ url: '/api/health/live?probe=1' });
    expect(answer.statusCode).toBe(200);
    return lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url: string } })
      .filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');
  }

  it('are at info in JSON', async () => {
    const lines = await requestLines({ logLevel: 'info', logFormat: 'json' });
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [30, 'incoming request'],
      [30, 'request completed'],
    ]);
    // The query's values stay out of the log (http/request-log.ts), in either format.
    expect(lines[0]!.req!.url).toBe('/api/health/live?probe=…');
  });

  it('are at debug in readable lines, so a terminal at info does not show them', async () => {
    expect(await requestLines({ logLevel: 'info', logFormat: 'readable' })).toEqual([]);
  });

  it('show at a terminal when LOG_LEVEL is debug', async () => {
    const lines = await requestLines({ logLevel: 'debug', logFormat: 'readable' });
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [20, 'incoming request'],
      [20, 'request completed'],
    ]);
    expect(lines[0]!.req!.url).toBe('/api/health/live?probe=…');
  });
});
