import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewsletterSendProgress } from '#shared/api/newsletter-ops';
import { refreshWhileSending, sendingRefreshMs } from '#web/lib/api/newsletterOps';
import { NewsletterSendsTable } from './NewsletterSendsTable';

afterEach(cleanup);

const send = (overrides: Partial<NewsletterSendProgress>): NewsletterSendProgress => ({
  id: 1,
  kind: 'article',
  subject: 'Pier vote tonight',
  status: 'done',
  createdAt: '2026-11-28T09:00:00.000Z',
  finishedAt: '2026-11-28T09:05:00.000Z',
  recipients: 1200,
  complaints: 0,
  queued: 0,
  sent: 1190,
  failed: 4,
  bounced: 6,
  ...overrides,
});

const cells = (subject: string) =>
  within(screen.getByRole('rowheader', { name: new RegExp(subject) }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the newsletter sends on the dashboard', () => {
  it('shows each send’s state and its deliveries by state', () => {
    render(
      <NewsletterSendsTable
        sends={[
          send({
            id: 3,
            subject: 'Going out',
            status: 'sending',
            queued: 900,
            sent: 300,
            failed: 0,
            bounced: 0,
          }),
          send({
            id: 2,
            subject: 'Complained of',
            status: 'stopped',
            complaints: 5,
            queued: 0,
            sent: 100,
            failed: 1095,
            bounced: 5,
          }),
          send({ id: 1, kind: 'digest', subject: 'Today on Tribune' }),
        ]}
      />,
    );
    expect(cells('Going out')).toEqual(['Sending', ' 25% of 1,200', '900', '300', '0', '0']);
    expect(cells('Complained of')).toEqual([
      'Stopped: 5 complaints',
      ' 8% of 1,200',
      '0',
      '100',
      '1,095',
      '5',
    ]);
    expect(cells('Today on Tribune')).toEqual(['Done', ' 99% of 1,200', '0', '1,190', '4', '6']);
    expect(screen.getByRole('rowheader', { name: /Today on Tribune/ }).textContent).toContain(
      'Daily digest, Nov 28, 2026',
    );
    expect(screen.getByRole('progressbar', { name: 'Going out: sent' })).toHaveProperty(
      'value',
      25,
    );
  });

  it('says when nothing has been sent', () => {
    render(<NewsletterSendsTable sends={[]} />);
    expect(screen.getByText('No newsletter has been sent yet.')).toBeTruthy();
  });

  it('is read again while a send on the page is going out, and only then', () => {
    expect(refreshWhileSending([send({ status: 'done' }), send({ status: 'sending' })])).toBe(
      sendingRefreshMs,
    );
    expect(refreshWhileSending([send({ status: 'done' }), send({ status: 'stopped' })])).toBe(
      false,
    );
    expect(refreshWhileSending(undefined)).toBe(false);
  });
});
