import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { fromSource } from './test/processes.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/**
 * Each process waits for the `go` file, then reads the configuration of one new DATA_DIR and
 * prints the development secret it got.
 */
const readsSecretOnGo = `
import { existsSync } from 'node:fs';
import { loadConfig } from '#server/config';
const [dataDir, go] = process.argv.slice(-2);
process.send?.('ready');
while (!existsSync(go));
console.log(loadConfig({ DATA_DIR: dataDir }).authSecret);
`;

it('gives servers starting on one new DATA_DIR at once one whole development secret', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tribune-secret-'));
  folders.push(dir);
  const dataDir = path.join(dir, 'data');
  const go = path.join(dir, 'go');
  const processes = Array.from({ length: 6 }, () => {
    const child = spawn(
      process.execPath,
      [...fromSource, '--input-type=module', '--eval', readsSecretOnGo, dataDir, go],
      { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
    );
    let printed = '';
    child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    return {
      ready: new Promise((resolve) => child.once('message', resolve)),
      secret: new Promise<string>((resolve) => child.on('exit', () => resolve(printed.trim()))),
    };
  });
  await Promise.all(processes.map((p) => p.ready));
  writeFileSync(go, '');
  const secrets = await Promise.all(processes.map((p) => p.secret));
  expect(secrets[0]?.length).toBeGreaterThanOrEqual(32);
  expect(new Set(secrets)).toEqual(new Set([secrets[0]]));
  expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(true);
  // No process's own file is left beside the shared one.
  expect(readdirSync(dataDir)).toEqual(['auth-secret']);
}, 60_000);
