import { describe, expect, it } from 'vitest';
import { freePostLimit, mayPostAnother } from './posting.js';
import { isPremiumAt } from './premium.js';
import { mayReadFullText, mayReadPremium } from './reading.js';

const now = new Date('2026-05-01T12:00:00.000Z');
const guest = null;
const free = { isAdmin: false, isPremium: false };
const premium = { isAdmin: false, isPremium: true };
const admin = { isAdmin: true, isPremium: false };

describe('isPremiumAt', () => {
  it('holds while the expiry is after now, and not at or past it', () => {
    expect(isPremiumAt('2026-05-01T12:00:01.000Z', now)).toBe(true);
    expect(isPremiumAt(new Date('2026-06-01T00:00:00.000Z'), now.getTime())).toBe(true);
    expect(isPremiumAt('2026-05-01T12:00:00.000Z', now)).toBe(false);
    expect(isPremiumAt('2026-04-30T12:00:00.000Z', now)).toBe(false);
  });

  it('does not hold without an expiry', () => {
    expect(isPremiumAt(null, now)).toBe(false);
    expect(isPremiumAt(undefined, now)).toBe(false);
  });
});

describe('mayReadFullText', () => {
  it('lets anyone read a free article', () => {
    for (const reader of [guest, free, premium, admin]) {
      expect(mayReadFullText({ isPremium: false }, reader, false)).toBe(true);
    }
  });

  it('keeps a premium article for premium readers, admins and its author', () => {
    const article = { isPremium: true };
    expect(mayReadFullText(article, guest, false)).toBe(false);
    expect(mayReadFullText(article, free, false)).toBe(false);
    expect(mayReadFullText(article, free, true)).toBe(true);
    expect(mayReadFullText(article, premium, false)).toBe(true);
    expect(mayReadFullText(article, admin, false)).toBe(true);
    expect([guest, free, premium, admin].map(mayReadPremium)).toEqual([false, false, true, true]);
  });
});

describe('mayPostAnother', () => {
  it(`lets a free user post ${freePostLimit}, and admins and premium users without limit`, () => {
    expect(mayPostAnother({ ...free, publishedArticles: 0 })).toBe(true);
    expect(mayPostAnother({ ...free, publishedArticles: freePostLimit })).toBe(false);
    expect(mayPostAnother({ ...premium, publishedArticles: 50 })).toBe(true);
    expect(mayPostAnother({ ...admin, publishedArticles: 50 })).toBe(true);
  });
});
