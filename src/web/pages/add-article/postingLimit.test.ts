import { describe, expect, it } from 'vitest';
import type { UserRecord } from '#shared/accounts';
import { atPostingLimit } from './postingLimit';

const author = (publishedArticles: number) => ({ publishedArticles }) as UserRecord;

describe('atPostingLimit', () => {
  it('lets a free reader post their first article', () => {
    expect(atPostingLimit({ user: author(0), isAdmin: false, isPremium: false })).toBe(false);
  });

  it('stops a free reader who has posted one', () => {
    expect(atPostingLimit({ user: author(1), isAdmin: false, isPremium: false })).toBe(true);
    expect(atPostingLimit({ user: author(3), isAdmin: false, isPremium: false })).toBe(true);
  });

  it('never stops a premium reader or an admin', () => {
    expect(atPostingLimit({ user: author(5), isAdmin: false, isPremium: true })).toBe(false);
    expect(atPostingLimit({ user: author(5), isAdmin: true, isPremium: false })).toBe(false);
  });

  it('is no limit for a guest (the page asks them to sign in)', () => {
    expect(atPostingLimit({ user: null, isAdmin: false, isPremium: false })).toBe(false);
  });
});
