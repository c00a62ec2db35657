import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewsletterMine } from '#shared/api/newsletter-reader';
import { newsletterLinkMessages } from '#shared/newsletter-messages';
import { authAs, renderPage } from '#web/test/PageUnderTest';
import { saveNewsletterChoices } from '#web/lib/api/newsletter';
import { NewsletterChoicesForm } from './NewsletterChoicesForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const confirmed: NewsletterMine = {
  email: 'reader@example.com',
  status: 'confirmed',
  digest: true,
  publishers: ['Harbour Herald'],
};

/** The form, with every API call answered by `answer` and recorded. */
function open(
  preferences = confirmed,
  answer: () => Response = () => Response.json({ message: newsletterLinkMessages.saved }),
) {
  const sent: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(answer());
  });
  renderPage(
    <NewsletterChoicesForm
      preferences={preferences}
      publishers={['Harbour Herald', 'Valley Voice']}
      save={(choices) => saveNewsletterChoices('7.sig', choices)}
    />,
    { path: '/newsletter/preferences', auth: authAs(null) },
  );
  return sent;
}

const box = (name: RegExp | string) => screen.getByRole('checkbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save my choices' }));

describe('the newsletter choices form', () => {
  it('starts from the subscriber’s choices', () => {
    open();
    expect(screen.getByText('reader@example.com')).toBeTruthy();
    expect((box(/The daily digest/) as HTMLInputElement).checked).toBe(true);
    expect((box('Harbour Herald') as HTMLInputElement).checked).toBe(true);
    expect((box('Valley Voice') as HTMLInputElement).checked).toBe(false);
  });

  it('saves what is ticked with the link’s token, and says so', async () => {
    const sent = open();
    await userEvent.click(box(/The daily digest/));
    await userEvent.click(box('Harbour Herald'));
    await userEvent.click(box('Valley Voice'));
    await save();
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      newsletterLinkMessages.saved,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/newsletter/preferences?token=7.sig');
    expect(sent[0]!.init.method).toBe('PUT');
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({
      digest: false,
      publishers: ['Valley Voice'],
    });
  });

  it('shows the server’s refusal', async () => {
    open(confirmed, () =>
      Response.json(
        { error: 'conflict', message: newsletterLinkMessages.suppressed },
        { status: 409 },
      ),
    );
    await save();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining(newsletterLinkMessages.suppressed),
    );
  });

  it('tells a pending or unsubscribed reader where they stand', () => {
    open({ ...confirmed, status: 'pending' });
    expect(screen.getByText(/Confirm your subscription with the link we mailed you/)).toBeTruthy();
    cleanup();
    open({ ...confirmed, status: 'unsubscribed', digest: false, publishers: [] });
    expect(screen.getByText(/You are unsubscribed/)).toBeTruthy();
  });

  it('offers an address that never asked to subscribe', () => {
    open({ ...confirmed, status: 'none', digest: false, publishers: [] });
    expect(screen.getByText(/This address receives no newsletter/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });
});
