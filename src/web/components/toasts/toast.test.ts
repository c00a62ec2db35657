import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.resetModules();
});

/** A fresh copy of the module: whether a toast was asked for lasts for the page's life. */
const fresh = () => import('./toast');

/** What sonner was asked to show, newest last. */
const shown = () =>
  sonner
    .getHistory()
    .map((item) =>
      'title' in item
        ? { type: item.type, title: item.title, position: item.position }
        : { dismissed: item.id },
    );

describe('toasts', () => {
  it('are not asked for until the first one, which tells the host to mount sonner once', async () => {
    const { toast, toastsAsked, subscribeToToasts } = await fresh();
    let told = 0;
    subscribeToToasts(() => (told += 1));
    expect(toastsAsked()).toBe(false);
    toast.success('Saved');
    toast.error('Failed');
    expect(toastsAsked()).toBe(true);
    expect(told).toBe(1);
    await vi.waitFor(() =>
      expect(shown()).toContainEqual(expect.objectContaining({ title: 'Failed' })),
    );
  });

  it('reach sonner, once it has loaded, with their kind, message and options', async () => {
    const { toast } = await fresh();
    const before = shown().length;
    toast.error('At the limit', { position: 'top-right', duration: 1500 });
    toast.success('Profile Updated Successfully');
    await vi.waitFor(() => expect(shown()).toHaveLength(before + 2));
    expect(shown().slice(before)).toEqual([
      { type: 'error', title: 'At the limit', position: 'top-right' },
      { type: 'success', title: 'Profile Updated Successfully', position: undefined },
    ]);
  });

  it('stop telling a host that has unsubscribed', async () => {
    const { toast, subscribeToToasts } = await fresh();
    let told = 0;
    const unsubscribe = subscribeToToasts(() => (told += 1));
    unsubscribe();
    toast.success('Saved');
    expect(told).toBe(0);
  });
});
