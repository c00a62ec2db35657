import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  freePort,
  startServer,
  startupMs,
  stopAll,
  tempDir,
  waitForHealth,
  type ServerProcess,
} from './test/processes.js';

// The real server as a process, as `npm start` runs it: at a terminal, and into a pipe.
afterEach(stopAll);

/** Waits until the server has printed `text`, failing with what it printed if it never does. */
async function printed(server: ServerProcess, text: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (!server.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`never printed "${text}":\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server.output();
}

/** The printed lines, without the terminal's colours and carriage returns. */
function plainLines(output: string): string[] {
  return stripVTControlCharacters(output).replace(/\r/g, '').split('\n');
}

describe('the log of a started server', { timeout: startupMs + 20_000 }, () => {
  it('is readable lines at a terminal, with requests at debug', async () => {
    const port = await freePort();
    const server = startServer(
      port,
      { DATA_DIR: tempDir(), SEED_DEMO: 'false', LOG_LEVEL: 'debug' },
      { terminal: true },
    );
    await waitForHealth(server);
    const lines = plainLines(await printed(server, 'request completed'));
    expect(lines).toContainEqual(expect.stringMatching(/^\[[\d:]+\] INFO: Server listening at /));
    expect(lines).toContainEqual(
      expect.stringMatching(/^\[[\d:]+\] DEBUG: incoming request .*"url":"\/api\/health"/),
    );
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
  });

  it('is JSON into a pipe, with requests at info', async () => {
    const port = await freePort();
    const server = startServer(port, {
      DATA_DIR: tempDir(),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
    });
    await waitForHealth(server);
    const lines = plainLines(await printed(server, 'request completed'));
    const completed = lines.find((line) => line.includes('"msg":"request completed"'));
    expect(JSON.parse(completed!)).toMatchObject({ level: 30, res: { statusCode: 200 } });
    expect(lines.some((line) => line.includes('INFO:'))).toBe(false);
  });
});
