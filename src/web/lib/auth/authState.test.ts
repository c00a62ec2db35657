import { describe, expect, it } from 'vitest';
import type { UserRecord } from '#shared/accounts';
import { authState } from './authState';

const sessionUser = { id: 'u1', name: 'Rita Reader', email: 'rita@example.com', image: null };
const record: UserRecord = {
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
  publishedArticles: 0,
  subscriptionHistory: [],
};
const nobody = { user: null, isAdmin: false, isPremium: false };

describe('auth state', () => {
  it('is loading while the session is, and signed out without one', () => {
    expect(authState(true, null, undefined, false)).toEqual({ status: 'loading', ...nobody });
    expect(authState(false, null, undefined, false)).toEqual({ status: 'signedOut', ...nobody });
  });

  it('grants no role until the record says so', () => {
    expect(authState(false, sessionUser, undefined, false)).toEqual({
      status: 'loading',
      ...nobody,
    });
    expect(authState(false, sessionUser, record, false)).toEqual({
      status: 'signedIn',
      user: record,
      isAdmin: false,
      isPremium: true,
    });
    expect(authState(false, sessionUser, { ...record, isAdmin: true }, false)).toMatchObject({
      isAdmin: true,
    });
  });

  it('shows the person but grants nothing when the record cannot be read', () => {
    const state = authState(false, sessionUser, undefined, true);
    expect(state).toMatchObject({ status: 'signedIn', isAdmin: false, isPremium: false });
    expect(state.user).toMatchObject({ name: 'Rita Reader', email: 'rita@example.com' });
  });
});
