import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/accounts';
import { paths } from '#shared/paths';
import { authAs, renderPage } from '#web/test/PageUnderTest';
import { RegisterForm } from './RegisterForm';

afterEach(cleanup);

const open = () =>
  renderPage(<RegisterForm from={paths.home} />, { path: paths.register, auth: authAs(null) });

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Register' }));

/** The message a field announces (its aria-describedby), or null when it has none. */
function messageOf(label: string): string | null {
  const describedBy = field(label).getAttribute('aria-describedby');
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
}

describe('the registration form’s messages', () => {
  it('names every missing field, in the spec’s words, and stays on the page', async () => {
    open();
    await submit();
    await screen.findByText(accountMessages.nameRequired);
    expect(['Name', 'Email', 'Password'].map(messageOf)).toEqual([
      accountMessages.nameRequired,
      accountMessages.emailRequired,
      accountMessages.passwordRequired,
    ]);
    expect(messageOf('Photo')).toBe(accountMessages.photoRequired);
    expect(screen.queryByRole('status', { name: 'Went to' })).toBeNull();
  });

  it('says what is wrong with an email and a password, and clears a message once fixed', async () => {
    open();
    await userEvent.type(field('Name'), 'Nora New');
    await userEvent.type(field('Email'), 'nora@');
    await userEvent.type(field('Password'), 'abc');
    await submit();
    await screen.findByText(accountMessages.emailInvalid);
    expect(messageOf('Name')).toBeNull();
    expect(messageOf('Email')).toBe(accountMessages.emailInvalid);
    expect(messageOf('Password')).toBe(accountMessages.passwordTooShort);

    await userEvent.type(field('Password'), 'defgh');
    await userEvent.clear(field('Email'));
    await userEvent.type(field('Email'), 'nora@example.com');
    await submit();
    await screen.findByText(accountMessages.passwordCase);
    expect(messageOf('Email')).toBeNull();
    expect(messageOf('Password')).toBe(accountMessages.passwordCase);
  });
});
