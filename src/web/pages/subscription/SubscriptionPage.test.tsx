import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserRecord } from '#shared/accounts';
import { paths } from '#shared/paths';
import { plans } from '#shared/plans';
import { authAs, renderPage } from '#web/test/PageUnderTest';
import { SubscriptionPage } from './SubscriptionPage';

afterEach(cleanup);

const premiumReader: UserRecord = {
  _id: 'u2',
  name: 'Paula Premium',
  email: 'paula@example.com',
  photoURL: null,
  photoSrcset: null,
  emailVerified: true,
  emailNotices: true,
  isAdmin: false,
  isPremium: true,
  premiumUntil: '2030-03-01T12:00:00.000Z',
  allowedFor: 1,
  publishedArticles: 0,
  subscriptionHistory: [],
};

/** The plans named by the page's headings: the plan card's, one plan at a time. */
const planHeadings = () =>
  screen
    .getAllByRole('heading')
    .map((heading) => heading.textContent)
    .filter((text) => plans.some((plan) => plan.label === text));

const open = (state?: unknown, user: UserRecord | null = null) =>
  renderPage(<SubscriptionPage />, { path: paths.subscription, state, auth: authAs(user) });

describe('choosing a plan', () => {
  it('starts on 5 days, and the price and plan card follow the period chosen', async () => {
    open();
    const period = screen.getByRole('group', { name: 'Subscription period' });
    expect(within(period).getByRole('radio', { checked: true })).toHaveProperty('value', '5-days');
    expect(
      within(period)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['1 minute (for assignment checking)$1', '5 days$10', '10 days$20']);
    expect(planHeadings()).toEqual(['5 Days']);

    await userEvent.click(within(period).getByRole('radio', { name: /^10 days/ }));
    expect(within(period).getByRole('radio', { checked: true })).toHaveProperty('value', '10-days');
    expect(planHeadings()).toEqual(['10 Days']);
    // Beside the period, as the price below it, and on the plan card.
    expect(screen.getAllByText('$20')).toHaveLength(3);
  });

  it('takes the plan a home page card chose, and goes to pay with its price and period', async () => {
    open({ price: 1, period: 1 / 1440 });
    // The spec's two labels of the one-minute plan: the card's, and the period selector's.
    expect(planHeadings()).toEqual(['Free for One Minutes']);
    expect(screen.getByRole('radio', { checked: true }).closest('label')?.textContent).toBe(
      '1 minute (for assignment checking)$1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'checkout now' }));
    expect(JSON.parse(screen.getByRole('status', { name: 'Went to' }).textContent)).toEqual({
      path: paths.payment,
      state: { price: 1, subscriptionPeriod: 1 / 1440 },
    });
  });

  it('tells a premium reader how long their access runs, and that a plan adds to it', () => {
    open(undefined, premiumReader);
    expect(screen.getByRole('status').textContent).toMatch(
      /^Your premium access runs until .+2030\. A new plan adds its time to what is left\.$/,
    );
  });
});
