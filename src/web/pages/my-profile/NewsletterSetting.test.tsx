import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewsletterMine } from '#shared/api/newsletter-reader';
import { newsletterLinkMessages } from '#shared/newsletter-messages';
import { newsletterAccountMessages } from '#shared/newsletter-reader';
import { paths } from '#shared/paths';
import type { Publisher } from '#shared/publisher';
import { authAs, renderPage } from '#web/test/PageUnderTest';
import { NewsletterSetting } from './NewsletterSetting';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const none: NewsletterMine = {
  email: 'rita@example.com',
  status: 'none',
  digest: false,
  publishers: [],
};
const publishers: Publisher[] = ['Harbour Herald', 'Valley Voice'].map((name, index) => ({
  _id: String(index + 1),
  publisher: name,
  publisherLogo: '',
  publisherLogoSrcset: null,
  publisherLogoSize: null,
}));

/**
 * My Profile's newsletter part over an API that holds `state`: GET answers it, PUT and DELETE
 * change it as the server would for a verified address. Every call is recorded.
 */
function serve(state: NewsletterMine) {
  const sent: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Partial<NewsletterMine>) : undefined;
    sent.push({ method, url, body });
    if (url === '/api/publisher') return Promise.resolve(Response.json(publishers));
    if (method === 'PUT') {
      const was = state.status;
      state = { ...state, ...body, status: 'confirmed' };
      const message =
        was === 'confirmed' ? newsletterLinkMessages.saved : newsletterAccountMessages.subscribed;
      return Promise.resolve(Response.json({ message }));
    }
    if (method === 'DELETE') {
      state = { ...state, status: 'unsubscribed' };
      return Promise.resolve(Response.json({ message: newsletterLinkMessages.unsubscribed }));
    }
    return Promise.resolve(Response.json(state));
  });
  renderPage(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <NewsletterSetting />
    </QueryClientProvider>,
    { path: paths.myProfile, auth: authAs(null) },
  );
  return sent;
}

const region = () => screen.findByRole('region', { name: 'Newsletters' });

describe('the newsletters on My Profile', () => {
  it('says the address receives nothing, and subscribes it with the choices ticked', async () => {
    const sent = serve(none);
    const part = await region();
    expect(await within(part).findByText(/This address receives no newsletter/)).toBeTruthy();
    // The page shows the account's address above: said once.
    expect(within(part).getByText(/Newsletters to your account’s address/)).toBeTruthy();
    expect(within(part).queryByText(/rita@example\.com/)).toBeNull();
    expect(within(part).queryByRole('button', { name: 'Unsubscribe from everything' })).toBeNull();
    await userEvent.click(within(part).getByRole('checkbox', { name: 'Valley Voice' }));
    await userEvent.click(within(part).getByRole('button', { name: 'Subscribe' }));

    expect(await within(part).findByRole('status')).toHaveProperty(
      'textContent',
      newsletterAccountMessages.subscribed,
    );
    expect(sent.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/newsletter/me',
      body: { digest: false, publishers: ['Valley Voice'] },
    });
    // Read again: the address is subscribed now, and may leave.
    expect(
      await within(part).findByRole('button', { name: 'Unsubscribe from everything' }),
    ).toBeTruthy();
    expect(within(part).getByRole('button', { name: 'Save my choices' })).toBeTruthy();
  });

  it('starts from a subscriber’s choices, and leaves with one click', async () => {
    const sent = serve({
      ...none,
      status: 'confirmed',
      digest: true,
      publishers: ['Harbour Herald'],
    });
    const part = await region();
    const digest = await within(part).findByRole('checkbox', { name: /The daily digest/ });
    expect((digest as HTMLInputElement).checked).toBe(true);
    expect(
      (within(part).getByRole('checkbox', { name: 'Harbour Herald' }) as HTMLInputElement).checked,
    ).toBe(true);

    await userEvent.click(
      within(part).getByRole('button', { name: 'Unsubscribe from everything' }),
    );
    expect(await within(part).findByText(/You are unsubscribed\. Choose something/)).toBeTruthy();
    expect(sent.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/api/newsletter/me', body: undefined },
    ]);
    expect(within(part).queryByRole('button', { name: 'Unsubscribe from everything' })).toBeNull();
  });
});
