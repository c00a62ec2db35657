import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { articleSchema } from '#shared/articles';
import { answerSerializerCompiler, checkedSerializerCompiler } from './answer-serializer.js';

// The compiled serializer must write what zod's serializer wrote, for every kind of schema our
// answers use; the API tests run every answer through checkedSerializerCompiler besides.
const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });
const fast = (schema: z.ZodType) => answerSerializerCompiler(route(schema));
const checked = (schema: z.ZodType) => checkedSerializerCompiler(route(schema));

const article = {
  _id: '7',
  name: 'A headline',
  image: '/uploads/a.webp',
  imageSrcset: null,
  publisher: 'The Daily',
  tags: ['Politics'],
  description: 'The first sentences.',
  body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }] },
  isPremium: false,
  viewCount: 12,
  isApproved: true,
  createdAt: '2026-11-28T12:00:00.000Z',
  author: { name: 'Ann', photo: null, photoSrcset: null, email: 'ann@example.com' },
  userEmail: 'ann@example.com',
  adminMessage: null,
};

describe('the compiled answer serializer', () => {
  it('writes an article as zod does: nullable, optional, nested, and the body as it is', () => {
    const json = fast(articleSchema)(article);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(articleSchema.parse(article))));
    const { body: _body, ...listed } = article;
    expect(JSON.parse(fast(articleSchema)(listed))).toEqual(listed);
    expect(checked(articleSchema)(article)).toBe(json);
  });

  it('writes only the properties the schema names', () => {
    const json = fast(articleSchema)({ ...article, passwordHash: 'x', premiumText: 'secret' });
    expect(json).not.toContain('secret');
    expect(JSON.parse(json)).toEqual(article);
  });

  it('writes unions, dates, literals, records and optional fields as zod does', () => {
    const schema = z.object({
      kind: z.union([z.literal('full'), z.literal('preview')]),
      either: z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]),
      at: z.date(),
      counts: z.record(z.string(), z.number()),
      note: z.string().optional(),
      gone: z.string().nullable().optional(),
    });
    for (const value of [
      { kind: 'full', either: { a: 1 }, at: new Date(0), counts: { x: 1 }, note: 'n' },
      { kind: 'preview', either: { b: 'b' }, at: new Date(1), counts: {}, gone: null },
    ]) {
      expect(checked(schema)(value)).toBe(fast(schema)(value));
      expect(JSON.parse(fast(schema)(value))).toEqual(JSON.parse(JSON.stringify(value)));
    }
  });

  it('in the tests, refuses an answer its schema refuses, and one written differently', () => {
    expect(() => checked(articleSchema)({ ...article, viewCount: 'many' })).toThrow();
    // fast-json-stringify writes a number for a numeric string; zod refuses the string.
    const count = z.object({ n: z.number() });
    expect(fast(count)({ n: '12' })).toBe('{"n":12}');
    expect(() => checked(count)({ n: '12' })).toThrow();
  });
});
