import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { articleMessages } from '#shared/article-messages';
import { authAs, renderPage } from '#web/test/PageUnderTest';
import { MeterNotice } from './MeterNotice';
import { MeterWall } from './MeterWall';

afterEach(cleanup);

const articlePath = '/articles/42';
const show = (element: React.ReactNode) =>
  renderPage(element, { path: articlePath, auth: authAs(null) });
const wentTo = async () =>
  JSON.parse((await screen.findByRole('status', { name: 'Went to' })).textContent) as {
    path: string;
  };

describe('the meter notice above an article the meter opened', () => {
  it('tells a guest how many are left and leads to a free account, then back', async () => {
    show(
      <MeterNotice
        meter={{ used: 1, allowance: 2, remaining: 1, registeredAllowance: 5 }}
        articlePath={articlePath}
      />,
    );
    const notice = screen.getByRole('complementary', { name: 'Free premium articles' });
    expect(notice.textContent).toContain('1 of 2 free premium articles left this month');
    const link = within(notice).getByRole('link', { name: 'Create a free account' });
    expect(link.getAttribute('href')).toBe('/register?from=%2Farticles%2F42');
  });

  it('says none are left after the last, and offers a signed-in reader premium', () => {
    show(<MeterNotice meter={{ used: 5, allowance: 5, remaining: 0 }} articlePath={articlePath} />);
    const notice = screen.getByRole('complementary', { name: 'Free premium articles' });
    expect(notice.textContent).toContain('0 of 5 free premium articles left this month');
    const subscribe = within(notice).getByRole('link', { name: 'Subscribe' });
    expect(subscribe.getAttribute('href')).toBe('/subscription');
    expect(within(notice).queryByRole('link', { name: 'Create a free account' })).toBeNull();
  });
});

describe('the wall once the meter is spent', () => {
  it('offers a guest a free account first, signing in too, then the subscription', async () => {
    show(
      <MeterWall
        meter={{ used: 2, allowance: 2, remaining: 0, registeredAllowance: 5 }}
        articlePath={articlePath}
      />,
    );
    const wall = screen.getByRole('region', { name: 'Premium article' });
    expect(wall.textContent).toContain('0 of 2 free premium articles left this month');
    expect(wall.textContent).toContain(
      'Create a free account to read 5 more premium articles a month.',
    );
    const links = within(wall).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Create a free account',
      'Login',
      'Subscribe',
    ]);
    expect(links[1]!.getAttribute('href')).toBe('/login?from=%2Farticles%2F42');
    await userEvent.click(links[0]!);
    expect((await wentTo()).path).toBe('/register');
  });

  it('offers a signed-in reader the subscription only', () => {
    show(<MeterWall meter={{ used: 5, allowance: 5, remaining: 0 }} articlePath={articlePath} />);
    const wall = screen.getByRole('region', { name: 'Premium article' });
    expect(wall.textContent).toContain('0 of 5 free premium articles left this month');
    expect(wall.textContent).toContain(articleMessages.premiumLocked);
    expect(
      within(wall)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Subscribe']);
  });

  it('is the paywall as it was without a meter', () => {
    show(<MeterWall meter={null} articlePath={articlePath} />);
    const wall = screen.getByRole('region', { name: 'Premium article' });
    expect(wall.textContent).toContain(articleMessages.premiumLocked);
    expect(wall.textContent).not.toContain('free premium articles left');
  });
});
