import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountMessages, type UserRecord } from '#shared/accounts';
import { imageFileMessages } from '#shared/images';
import { paths } from '#shared/paths';
import { currentAlert, closeAlert } from '#web/components/dialogs/alert';
import { authAs, renderPage } from '#web/test/PageUnderTest';
import { ProfileForm } from './ProfileForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  const open = currentAlert();
  if (open) closeAlert(open.id, false);
});

const rita: UserRecord = {
  _id: 'u1',
  name: 'Rita Reader',
  email: 'rita@example.com',
  photoURL: null,
  photoSrcset: null,
  emailVerified: true,
  emailNotices: true,
  isAdmin: false,
  isPremium: false,
  premiumUntil: null,
  allowedFor: 1,
  publishedArticles: 0,
  subscriptionHistory: [],
};

/** The form, with every API call answered by `answer` and recorded. */
function open(answer: () => Response = () => Response.json(rita)) {
  const sent: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(answer());
  });
  const onDone = vi.fn();
  renderPage(<ProfileForm user={rita} onDone={onDone} />, {
    path: paths.myProfile,
    auth: authAs(rita),
  });
  return { sent, onDone };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

/** The message a field announces (its aria-describedby), or null when it has none. */
function messageOf(label: string): string | null {
  const describedBy = field(label).getAttribute('aria-describedby');
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
}

describe('the profile form', () => {
  it('starts with the current name, and the email it cannot change', () => {
    open();
    expect(field('Name')).toHaveProperty('value', 'Rita Reader');
    expect(field('Email')).toHaveProperty('value', 'rita@example.com');
    expect(field('Email')).toHaveProperty('disabled', true);
  });

  it('refuses an empty name, in the spec’s words, and sends nothing', async () => {
    const { sent, onDone } = open();
    await userEvent.clear(field('Name'));
    await save();
    await screen.findByText(accountMessages.nameRequired);
    expect(messageOf('Name')).toBe(accountMessages.nameRequired);
    expect(sent).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('refuses a photo the server would refuse, before sending it', async () => {
    const { sent } = open();
    await userEvent.upload(
      field('Photo (optional)'),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
      { applyAccept: false },
    );
    await save();
    await screen.findByText(imageFileMessages.type);
    expect(messageOf('Photo (optional)')).toBe(imageFileMessages.type);
    expect(sent).toEqual([]);
  });

  it('sends the new name without a photo, and is done', async () => {
    const { sent, onDone } = open();
    await userEvent.clear(field('Name'));
    await userEvent.type(field('Name'), '  Rita Writer ');
    await save();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/users/me');
    expect(sent[0]!.init.method).toBe('PATCH');
    const body = sent[0]!.init.body as FormData;
    expect(body.get('name')).toBe('Rita Writer');
    expect(body.has('photo')).toBe(false);
  });

  it('says why when the server refuses, and stays open', async () => {
    const { onDone } = open(() =>
      Response.json({ error: 'bad_request', message: 'Name is too long.' }, { status: 400 }),
    );
    await save();
    await vi.waitFor(() => expect(currentAlert()).not.toBeNull());
    expect(currentAlert()).toMatchObject({
      title: 'Failed to Update Profile',
      text: 'Name is too long.',
    });
    expect(onDone).not.toHaveBeenCalled();
  });
});
