import { describe, expect, it } from 'vitest';
import { freePostLimit, mayPostAnother } from './posting.js';
import { editGoesToReview, isDeclined } from './moderation.js';
import { isPremiumAt, premiumExtendsFrom } from './premium.js';
import { meterOpens, meterState, spentGuestMeter } from './meter.js';
import {
  hasPremiumPlan,
  isOfferedPremium,
  mayOversee,
  mayReadFullText,
  mayReadPremium,
  maySeeArticle,
} from './reading.js';

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

describe('premiumExtendsFrom', () => {
  it('adds a purchase to the time left while premium runs, else starts it now', () => {
    const later = '2026-05-20T00:00:00.000Z';
    expect(premiumExtendsFrom(later, now).toISOString()).toBe(later);
    expect(premiumExtendsFrom('2026-04-01T00:00:00.000Z', now)).toBe(now);
    expect(premiumExtendsFrom(now.toISOString(), now)).toBe(now);
    expect(premiumExtendsFrom(null, now)).toBe(now);
  });
});

describe('hasPremiumPlan and isOfferedPremium', () => {
  it("a plan is a signed-in reader's own; admins read premium text without one", () => {
    expect([guest, free, premium, admin].map(hasPremiumPlan)).toEqual([false, false, true, false]);
    expect(hasPremiumPlan({ isAdmin: true, isPremium: true })).toBe(true);
  });

  it('offers premium to signed-in readers who may not read premium text', () => {
    expect([guest, free, premium, admin].map(isOfferedPremium)).toEqual([
      false,
      true,
      false,
      false,
    ]);
  });
});

describe('maySeeArticle and mayOversee', () => {
  const published = { isApproved: true };
  const unpublished = { isApproved: false };

  it('shows a published article to everyone', () => {
    for (const reader of [guest, free, premium, admin]) {
      expect(maySeeArticle(published, reader, false)).toBe(true);
    }
  });

  it('shows an unpublished article to its author and the admins only', () => {
    expect(maySeeArticle(unpublished, guest, false)).toBe(false);
    expect(maySeeArticle(unpublished, free, false)).toBe(false);
    expect(maySeeArticle(unpublished, premium, false)).toBe(false);
    expect(maySeeArticle(unpublished, free, true)).toBe(true);
    expect(maySeeArticle(unpublished, admin, false)).toBe(true);
  });

  it('lets the author and the admins oversee an article, and nobody else', () => {
    expect(mayOversee(guest, true)).toBe(false);
    expect(mayOversee(free, false)).toBe(false);
    expect(mayOversee(premium, false)).toBe(false);
    expect(mayOversee(free, true)).toBe(true);
    expect(mayOversee(admin, false)).toBe(true);
  });
});

describe('isDeclined', () => {
  it("holds while an editor's message stands", () => {
    expect(isDeclined({ adminMessage: 'Too short' })).toBe(true);
    expect(isDeclined({ adminMessage: null })).toBe(false);
    expect(isDeclined({ adminMessage: '' })).toBe(false);
  });
});

describe('editGoesToReview', () => {
  it("sends an author's edit of a published article to review, and nothing else", () => {
    expect(editGoesToReview({ isApproved: true }, free)).toBe(true);
    expect(editGoesToReview({ isApproved: true }, premium)).toBe(true);
    expect(editGoesToReview({ isApproved: true }, admin)).toBe(false);
    expect(editGoesToReview({ isApproved: false }, free)).toBe(false);
    expect(editGoesToReview({ isApproved: false }, admin)).toBe(false);
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

describe('the reading meter', () => {
  it('counts down to none left, never below', () => {
    expect(meterState(0, 2)).toEqual({ used: 0, allowance: 2, remaining: 2 });
    expect(meterState(2, 2)).toEqual({ used: 2, allowance: 2, remaining: 0 });
    expect(meterState(3, 2).remaining).toBe(0);
  });

  it("names what a free account gives in a guest's state only, when it gives any", () => {
    expect(meterState(1, 2, 5)).toEqual({
      used: 1,
      allowance: 2,
      remaining: 1,
      registeredAllowance: 5,
    });
    expect(meterState(1, 2, 0)).not.toHaveProperty('registeredAllowance');
    expect(spentGuestMeter({ guest: 2, registered: 5 })).toEqual(meterState(2, 2, 5));
  });

  it('opens an article with one left, or one read already this month', () => {
    expect(meterOpens(meterState(1, 2), false)).toBe(true);
    expect(meterOpens(meterState(2, 2), false)).toBe(false);
    expect(meterOpens(meterState(2, 2), true)).toBe(true);
  });
});
