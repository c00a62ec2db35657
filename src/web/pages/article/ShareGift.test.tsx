import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '#shared/accounts';
import type { GiftLink } from '#shared/api/gifts';
import type { Article } from '#shared/articles';
import { giftMessages } from '#shared/gift-messages';
import { authAs, renderPage } from '#web/test/PageUnderTest';
import { ShareGift } from './ShareGift';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const reader = (isPremium: boolean): UserRecord => ({
  _id: 'u2',
  name: 'Paula Premium',
  email: 'paula@example.com',
  photoURL: null,
  photoSrcset: null,
  emailVerified: true,
  emailNotices: true,
  isAdmin: false,
  isPremium,
  premiumUntil: isPremium ? '2030-03-01T12:00:00.000Z' : null,
  allowedFor: 1,
  publishedArticles: 0,
  subscriptionHistory: [],
});

const article = {
  _id: '15',
  name: 'Pier vote tonight',
  isPremium: true,
  isApproved: true,
} as Article;

const link: GiftLink = {
  url: 'https://tribune.example/articles/15?gift=q4YhC0m1fN9bXk2Lr7sT1w',
  expiresAt: '2026-12-29T09:00:00.000Z',
  giftsLeft: 9,
  giftsPerMonth: 10,
};

/** The dialog is its own chunk, loaded on the first click: slower than a render on a busy machine. */
const lazyChunk = { timeout: 10_000 };

/** The button over an API answering POST /api/articles/15/gifts with `answer`. */
function show(user: UserRecord | null, shown: Article, answer = Response.json(link)) {
  const sent: string[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    sent.push(`${init.method ?? 'GET'} ${url}`);
    return Promise.resolve(answer.clone());
  });
  renderPage(
    <QueryClientProvider client={new QueryClient()}>
      <ShareGift article={shown} />
    </QueryClientProvider>,
    { path: '/articles/15', auth: authAs(user) },
  );
  return sent;
}

describe('Share as a gift', () => {
  it('is offered to premium readers on a published premium article only', () => {
    show(null, article);
    expect(screen.queryByRole('button', { name: 'Share as a gift' })).toBeNull();
    cleanup();
    show(reader(false), article);
    expect(screen.queryByRole('button', { name: 'Share as a gift' })).toBeNull();
    cleanup();
    show(reader(true), { ...article, isPremium: false });
    expect(screen.queryByRole('button', { name: 'Share as a gift' })).toBeNull();
    cleanup();
    show(reader(true), { ...article, isApproved: false });
    expect(screen.queryByRole('button', { name: 'Share as a gift' })).toBeNull();
  });

  it('makes the link as the dialog opens and copies it', async () => {
    const user = userEvent.setup();
    const sent = show(reader(true), article);
    await user.click(screen.getByRole('button', { name: 'Share as a gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share as a gift' }, lazyChunk);
    const field = await within(dialog).findByRole('textbox', { name: 'Gift link' });
    expect((field as HTMLInputElement).value).toBe(link.url);
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Expires Dec 29, 2026. 9 of 10 gift links left this month.',
    );
    expect(sent).toEqual(['POST /api/articles/15/gifts']);

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(link.url);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('says why the server refused one', async () => {
    const user = userEvent.setup();
    const refusal = Response.json(
      { error: 'forbidden', message: giftMessages.monthlyLimit(10) },
      { status: 403 },
    );
    show(reader(true), article, refusal);
    await user.click(screen.getByRole('button', { name: 'Share as a gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share as a gift' }, lazyChunk);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      giftMessages.monthlyLimit(10),
    );
    expect(within(dialog).queryByRole('textbox')).toBeNull();
  });
});
