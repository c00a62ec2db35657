import { describe, expect, it } from 'vitest';
import { premiumList } from './premiumList';

describe('premiumList', () => {
  it('asks for the page of approved premium articles the address names', () => {
    expect(premiumList(new URLSearchParams('page=4'))).toEqual({
      page: 4,
      list: { isPremium: true, isApproved: true, page: 4, limit: 12 },
    });
  });

  it('starts on page 1, and takes no filter from the address', () => {
    expect(premiumList(new URLSearchParams('isPremium=false&isApproved=false&page=x'))).toEqual({
      page: 1,
      list: { isPremium: true, isApproved: true, page: 1, limit: 12 },
    });
  });
});
