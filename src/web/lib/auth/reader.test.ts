import { describe, expect, it } from 'vitest';
import type { UserRecord } from '#shared/accounts';
import { mayReadFullText } from '#shared/rules/reading';
import type { AuthState } from './authContext';
import { isAuthorOf, readerOf } from './reader';

const premiumArticle = { isPremium: true, userEmail: 'author@example.com' };
const freeArticle = { isPremium: false, userEmail: 'author@example.com' };
const signedIn = (email: string, roles: { isPremium?: boolean; isAdmin?: boolean } = {}) =>
  ({
    status: 'signedIn',
    user: { email } as UserRecord,
    isPremium: roles.isPremium ?? false,
    isAdmin: roles.isAdmin ?? false,
  }) as const satisfies AuthState;
const guest = { status: 'signedOut', user: null, isPremium: false, isAdmin: false } as const;
const opens = (article: typeof freeArticle, auth: AuthState) =>
  mayReadFullText(article, readerOf(auth), isAuthorOf(article, auth));

describe('the reading rule as the web app applies it', () => {
  it('knows no reader before sign-in, and the roles after', () => {
    expect(readerOf(guest)).toBeNull();
    expect(readerOf({ ...guest, status: 'loading' })).toBeNull();
    expect(readerOf(signedIn('r@example.com', { isAdmin: true }))).toEqual({
      isAdmin: true,
      isPremium: false,
    });
  });

  it('tells the author by email', () => {
    expect(isAuthorOf(premiumArticle, signedIn('author@example.com'))).toBe(true);
    expect(isAuthorOf(premiumArticle, signedIn('r@example.com'))).toBe(false);
    expect(isAuthorOf(premiumArticle, guest)).toBe(false);
  });

  it('opens a free article to anyone', () => {
    expect(opens(freeArticle, guest)).toBe(true);
    expect(opens(freeArticle, signedIn('r@example.com'))).toBe(true);
  });

  it('keeps a premium article from guests and free readers', () => {
    expect(opens(premiumArticle, guest)).toBe(false);
    expect(opens(premiumArticle, signedIn('r@example.com'))).toBe(false);
  });

  it('opens a premium article to premium readers, admins and its author', () => {
    expect(opens(premiumArticle, signedIn('r@example.com', { isPremium: true }))).toBe(true);
    expect(opens(premiumArticle, signedIn('a@example.com', { isAdmin: true }))).toBe(true);
    expect(opens(premiumArticle, signedIn('author@example.com'))).toBe(true);
  });
});
