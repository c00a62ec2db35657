// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { closeAlert, currentAlert, subscribeToAlerts } from '#web/components/dialogs/alert';
import { deleteWithConfirm } from './deleteWithConfirm';

/**
 * Plays the reader's part: answers each dialog as it opens with the next of `answers`, and
 * records each dialog's icon and title, as the reader sees them.
 */
function reader(answers: boolean[]) {
  const seen: string[] = [];
  const unsubscribe = subscribeToAlerts(() => {
    const open = currentAlert();
    if (!open) return;
    seen.push(`${open.icon} ${open.title}${open.footer ? ` (${open.footer})` : ''}`);
    const answer = answers.shift() ?? true;
    queueMicrotask(() => closeAlert(open.id, answer));
  });
  return { seen, stop: unsubscribe };
}

let stop = () => {};
afterEach(() => stop());

describe('the delete conversation', () => {
  it('asks, deletes once confirmed, and says it is deleted', async () => {
    const talk = reader([true, true]);
    stop = talk.stop;
    let removed = 0;
    await deleteWithConfirm('Are you sure?', async () => {
      removed += 1;
    });
    expect(removed).toBe(1);
    expect(talk.seen).toEqual(['warning Are you sure?', 'success Deleted!']);
  });

  it('deletes nothing when the reader says no, and says it was cancelled', async () => {
    const talk = reader([false, true]);
    stop = talk.stop;
    let removed = 0;
    await deleteWithConfirm('Are You sure?', async () => {
      removed += 1;
    });
    expect(removed).toBe(0);
    expect(talk.seen).toEqual(['warning Are You sure?', 'error Cancelled']);
  });

  it('says why when the delete fails', async () => {
    const talk = reader([true, true]);
    stop = talk.stop;
    await deleteWithConfirm('Are you sure?', () => Promise.reject(new Error('Not yours.')));
    expect(talk.seen).toEqual(['warning Are you sure?', 'error Oops... (Not yours.)']);
  });

  it('offers the spec’s two buttons on the question', async () => {
    let question: unknown;
    const unsubscribe = subscribeToAlerts(() => {
      const open = currentAlert();
      if (!open) return;
      question ??= open;
      queueMicrotask(() => closeAlert(open.id, false));
    });
    stop = unsubscribe;
    await deleteWithConfirm('Are you sure?', async () => undefined);
    expect(question).toMatchObject({
      text: "You won't be able to revert this!",
      confirmText: 'Yes, delete it!',
      cancelText: 'No, cancel!',
    });
  });
});
