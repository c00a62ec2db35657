import { describe, expect, it } from 'vitest';
import type { UserRecord } from '#shared/accounts';
import { canOpenArticle } from './access';

const premiumArticle = { isPremium: true, userEmail: 'author@example.com' };
const freeArticle = { isPremium: false, userEmail: 'author@example.com' };
const signedIn = (email: string, roles: { isPremium?: boolean; isAdmin?: boolean } = {}) => ({
  user: { email } as UserRecord,
  isPremium: roles.isPremium ?? false,
  isAdmin: roles.isAdmin ?? false,
});
const guest = { user: null, isPremium: false, isAdmin: false };

describe('canOpenArticle', () => {
  it('opens a free article to anyone', () => {
    expect(canOpenArticle(freeArticle, guest)).toBe(true);
    expect(canOpenArticle(freeArticle, signedIn('r@example.com'))).toBe(true);
  });

  it('keeps a premium article from guests and free readers', () => {
    expect(canOpenArticle(premiumArticle, guest)).toBe(false);
    expect(canOpenArticle(premiumArticle, signedIn('r@example.com'))).toBe(false);
  });

  it('opens a premium article to premium readers, admins and its author', () => {
    expect(canOpenArticle(premiumArticle, signedIn('r@example.com', { isPremium: true }))).toBe(
      true,
    );
    expect(canOpenArticle(premiumArticle, signedIn('a@example.com', { isAdmin: true }))).toBe(true);
    expect(canOpenArticle(premiumArticle, signedIn('author@example.com'))).toBe(true);
  });
});
