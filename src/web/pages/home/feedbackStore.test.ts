// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

/** A fresh copy of the store (it remembers what it read), rendered in a component. */
async function feedback() {
  const store = await import('./feedbackStore');
  const hook = renderHook(() => store.useFeedback());
  return { ...store, items: () => hook.result.current };
}

describe('the feedback kept in this browser', () => {
  it('starts empty', async () => {
    const { items } = await feedback();
    expect(items()).toEqual([]);
  });

  it('adds each item at the top and keeps the list in localStorage', async () => {
    const { items, addFeedback } = await feedback();
    act(() => addFeedback({ id: 1, message: 'Great paper' }));
    act(() => addFeedback({ id: 2, message: 'More sports' }));
    expect(items().map((item) => item.message)).toEqual(['More sports', 'Great paper']);
    expect(JSON.parse(localStorage.getItem('tribuneFeedback')!)).toEqual([
      { id: 2, message: 'More sports' },
      { id: 1, message: 'Great paper' },
    ]);
  });

  it('reads what an earlier visit kept', async () => {
    localStorage.setItem('tribuneFeedback', JSON.stringify([{ id: 5, message: 'Kept' }]));
    const { items } = await feedback();
    expect(items()).toEqual([{ id: 5, message: 'Kept' }]);
  });

  it('shows nothing from stored text that is not a list, and only the items that are items', async () => {
    localStorage.setItem('tribuneFeedback', '{not json');
    expect((await feedback()).items()).toEqual([]);
    vi.resetModules();
    localStorage.setItem(
      'tribuneFeedback',
      JSON.stringify([{ id: 1, message: 'Fine' }, { id: 'x', message: 2 }, null, 'text']),
    );
    expect((await feedback()).items()).toEqual([{ id: 1, message: 'Fine' }]);
  });

  it('keeps working until the page closes when storage refuses to save', async () => {
    const { items, addFeedback } = await feedback();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    act(() => addFeedback({ id: 1, message: 'Unsaved' }));
    act(() => addFeedback({ id: 2, message: 'Also unsaved' }));
    expect(items().map((item) => item.message)).toEqual(['Also unsaved', 'Unsaved']);
  });
});
