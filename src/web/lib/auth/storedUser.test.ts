// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '#shared/accounts';
import { forgetStoredUser, storeUser } from './storedUser';

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

const record = {
  _id: 'u1',
  name: 'Rita Reader',
  email: 'rita@example.com',
  photoURL: '/uploads/rita.webp',
  photoSrcset: null,
  emailVerified: true,
  emailNotices: true,
  isAdmin: false,
  isPremium: true,
  premiumUntil: '2030-01-01T00:00:00.000Z',
  allowedFor: 1,
  publishedArticles: 2,
  subscriptionHistory: [],
} as UserRecord;

describe('the copy of the user record kept in localStorage.authUser', () => {
  it('holds the public part of the record and nothing else', () => {
    storeUser(record);
    expect(JSON.parse(localStorage.getItem('authUser')!)).toEqual({
      name: 'Rita Reader',
      email: 'rita@example.com',
      photoURL: '/uploads/rita.webp',
      isAdmin: false,
      isPremium: true,
    });
  });

  it('is removed on sign-out', () => {
    storeUser(record);
    forgetStoredUser();
    expect(localStorage.getItem('authUser')).toBeNull();
  });

  it('is skipped, without an error, when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => storeUser(record)).not.toThrow();
    expect(() => forgetStoredUser()).not.toThrow();
    expect(localStorage.getItem('authUser')).toBeNull();
  });
});
