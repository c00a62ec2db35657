import { describe, expect, it, vi } from 'vitest';
import { waitingForOtherWriters } from './boot.js';

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

describe('waitingForOtherWriters', () => {
  it('tries again while another process holds the write lock, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let tries = 0;
    const prepare = () => (++tries < 3 ? Promise.reject(busy()) : Promise.resolve('ready'));
    expect(await waitingForOtherWriters(prepare)).toBe('ready');
    expect(tries).toBe(3);
    expect(warn.mock.calls).toEqual([
      ['Waiting for another process that is writing to the database…'],
    ]);
    warn.mockRestore();
  });

  it('stops with a clear error when the lock is held past the wait', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(waitingForOtherWriters(() => Promise.reject(busy()), 600)).rejects.toThrow(
      "Another process has held the database's write lock for 1 s; stop it or try again",
    );
    warn.mockRestore();
  });

  it('passes on any other error at once', async () => {
    let tries = 0;
    const failing = () => {
      tries += 1;
      return Promise.reject(new Error('no such table: article'));
    };
    await expect(waitingForOtherWriters(failing)).rejects.toThrow('no such table: article');
    expect(tries).toBe(1);
  });
});
