// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { closeAlert, currentAlert, errorMessage, showAlert, subscribeToAlerts } from './alert';

afterEach(() => {
  const open = currentAlert();
  if (open) closeAlert(open.id, false);
  document.body.replaceChildren();
});

/** A focusable button in the page, focused. */
function focusedButton(name: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.textContent = name;
  document.body.append(button);
  button.focus();
  return button;
}

describe('the alert dialog store', () => {
  it('opens a dialog with what it was given, and tells its host', () => {
    let told = 0;
    const unsubscribe = subscribeToAlerts(() => (told += 1));
    void showAlert({ icon: 'error', title: 'Oops...', text: 'It failed.' });
    unsubscribe();
    expect(told).toBe(1);
    expect(currentAlert()).toMatchObject({ icon: 'error', title: 'Oops...', text: 'It failed.' });
  });

  it('answers true when confirmed, and closes', async () => {
    const answer = showAlert({ title: 'Are you sure?', cancelText: 'No' });
    closeAlert(currentAlert()!.id, true);
    expect(await answer).toBe(true);
    expect(currentAlert()).toBeNull();
  });

  it('answers false when cancelled or dismissed', async () => {
    const answer = showAlert({ title: 'Are you sure?', cancelText: 'No' });
    closeAlert(currentAlert()!.id, false);
    expect(await answer).toBe(false);
  });

  it('lets a new dialog replace an open one, which then answers false', async () => {
    const first = showAlert({ title: 'First' });
    const second = showAlert({ title: 'Second' });
    expect(await first).toBe(false);
    expect(currentAlert()?.title).toBe('Second');
    closeAlert(currentAlert()!.id, true);
    expect(await second).toBe(true);
  });

  it('ignores the close of a dialog that is no longer the open one', async () => {
    void showAlert({ title: 'First' });
    const stale = currentAlert()!.id;
    void showAlert({ title: 'Second' });
    closeAlert(stale, true);
    expect(currentAlert()?.title).toBe('Second');
  });

  it('gives each dialog its own id', () => {
    void showAlert({ title: 'First' });
    const first = currentAlert()!.id;
    void showAlert({ title: 'Second' });
    expect(currentAlert()!.id).not.toBe(first);
  });
});

describe('where focus goes back to', () => {
  it('the control that had focus when the dialog opened', () => {
    const opener = focusedButton('Delete');
    void showAlert({ title: 'Are you sure?' });
    expect(currentAlert()?.opener).toBe(opener);
  });

  it('the control that last had focus, when focus had fallen to the page (a disabled Submit)', () => {
    const submit = focusedButton('Save');
    submit.blur();
    expect(document.activeElement).toBe(document.body);
    void showAlert({ title: 'Saved' });
    expect(currentAlert()?.opener).toBe(submit);
  });

  it("the first dialog's opener, for every dialog of a run", () => {
    const opener = focusedButton('Delete');
    void showAlert({ title: 'Are you sure?' });
    // Focus moves on (into the dialog, in the app) before the next one opens.
    focusedButton('OK');
    void showAlert({ title: 'Cancelled' });
    expect(currentAlert()?.opener).toBe(opener);
  });
});

describe('errorMessage', () => {
  it("is an error's own message", () => {
    expect(errorMessage(new Error('The title is taken.'))).toBe('The title is taken.');
  });

  it('says something went wrong for anything else', () => {
    expect(errorMessage(new Error(''))).toBe('Something went wrong.');
    expect(errorMessage('a string')).toBe('Something went wrong.');
    expect(errorMessage(undefined)).toBe('Something went wrong.');
  });
});
