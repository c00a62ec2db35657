import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeterState } from '#shared/api/meter';
import { articleMessages } from '#shared/article-messages';
import { meterState } from '#shared/rules/meter';
import { authAs, renderPage } from '#web/test/PageUnderTest';
import { MeterNotice } from './MeterNotice';
import { MeterWall } from './MeterWall';

afterEach(cleanup);

const articlePath = '/articles/42';

/** The notice above an article the meter opened, shown with `meter`. */
function noticeWith(meter: MeterState) {
  renderPage(<MeterNotice meter={meter} articlePath={articlePath} />, {
    path: articlePath,
    auth: authAs(null),
  });
  return screen.getByRole('complementary', { name: 'Free premium articles' });
}

/** The wall where the text would continue, shown with `meter`. */
function wallWith(meter: MeterState | null) {
  renderPage(<MeterWall meter={meter} articlePath={articlePath} />, {
    path: articlePath,
    auth: authAs(null),
  });
  return screen.getByRole('region', { name: 'Premium article' });
}

const linkTexts = (region: HTMLElement) =>
  within(region)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the meter notice above an article the meter opened', () => {
  it('tells a guest how many are left and leads to a free account that comes back here', () => {
    const notice = noticeWith(meterState(1, 2, 5));
    expect(notice.textContent).toContain('1 of 2 free premium articles left this month');
    const link = within(notice).getByRole('link', { name: 'Create a free account' });
    expect(link.getAttribute('href')).toBe('/register?from=%2Farticles%2F42');
  });

  it('says none are left after the last, and offers a signed-in reader premium', () => {
    const notice = noticeWith(meterState(5, 5));
    expect(notice.textContent).toContain('0 of 5 free premium articles left this month');
    expect(linkTexts(notice)).toEqual(['Subscribe']);
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/subscription');
  });
});

describe('the wall once the meter is spent', () => {
  it('offers a guest a free account first, signing in too, then the subscription', async () => {
    const wall = wallWith(meterState(2, 2, 5));
    expect(wall.textContent).toContain('0 of 2 free premium articles left this month');
    expect(wall.textContent).toContain(
      'Create a free account to read 5 more premium articles a month.',
    );
    expect(linkTexts(wall)).toEqual(['Create a free account', 'Login', 'Subscribe']);
    const login = within(wall).getByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/login?from=%2Farticles%2F42');
    await userEvent.click(within(wall).getByRole('link', { name: 'Create a free account' }));
    const wentTo = await screen.findByRole('status', { name: 'Went to' });
    expect((JSON.parse(wentTo.textContent) as { path: string }).path).toBe('/register');
  });

  it('offers a signed-in reader the subscription only', () => {
    const wall = wallWith(meterState(5, 5));
    expect(wall.textContent).toContain('0 of 5 free premium articles left this month');
    expect(wall.textContent).toContain(articleMessages.premiumLocked);
    expect(linkTexts(wall)).toEqual(['Subscribe']);
  });

  it('is the paywall as it was without a meter', () => {
    const wall = wallWith(null);
    expect(wall.textContent).toContain(articleMessages.premiumLocked);
    expect(wall.textContent).not.toContain('free premium articles left');
  });
});
