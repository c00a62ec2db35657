import { describe, expect, it } from 'vitest';
import { articleStatus, createArticleSchema } from './articles.js';

describe('articleStatus', () => {
  it('follows the spec: a message means declined, then approval and premium', () => {
    expect(articleStatus({ adminMessage: 'Too short', isApproved: false, isPremium: false })).toBe(
      'Declined',
    );
    expect(articleStatus({ adminMessage: null, isApproved: true, isPremium: true })).toBe(
      'Approved & Premium',
    );
    expect(articleStatus({ adminMessage: null, isApproved: true, isPremium: false })).toBe(
      'Approved & Non-Premium',
    );
    expect(articleStatus({ adminMessage: null, isApproved: false, isPremium: false })).toBe(
      'Pending',
    );
  });
});

describe('createArticleSchema', () => {
  const valid = {
    name: 'A title',
    publisher: 'Daily',
    tags: ['sports'],
    description: 'Text.',
    image: '/uploads/a.webp',
  };

  it('accepts a complete article and removes repeated tags', () => {
    expect(
      createArticleSchema.parse({ ...valid, tags: ['sports', 'sports', 'health'] }).tags,
    ).toEqual(['sports', 'health']);
  });

  it('refuses a missing field and an unknown tag', () => {
    expect(createArticleSchema.safeParse({ ...valid, name: ' ' }).success).toBe(false);
    expect(createArticleSchema.safeParse({ ...valid, tags: [] }).success).toBe(false);
    expect(createArticleSchema.safeParse({ ...valid, tags: ['gossip'] }).success).toBe(false);
    expect(createArticleSchema.safeParse({ ...valid, image: '' }).success).toBe(false);
  });
});
