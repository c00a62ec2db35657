/*
 * Where keyboard focus goes when what held it goes away: a dialog that closes, a page that is
 * replaced by the next. Left alone, the browser puts it on <body>, and a keyboard or screen
 * reader user starts again from the top of the document.
 */

/**
 * Moves focus to the page's main heading (made focusable for this), or to the main region while
 * the page has drawn no heading yet (its data still loading).
 */
export function focusPageHeading(): void {
  const main = document.getElementById('main');
  const target = main?.querySelector<HTMLElement>('h1') ?? main;
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

const formField =
  'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled])';

/**
 * Gives focus back to the control that opened a dialog; when it cannot take it (a Submit
 * disabled because the form it sent was cleared), to its form's first field; when it is gone
 * (the row of an article just deleted), to the page's heading.
 */
export function returnFocus(opener: Element | null): void {
  if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) {
    opener.focus();
    if (document.activeElement === opener) return;
    const field = opener.closest('form')?.querySelector<HTMLElement>(formField);
    if (field) {
      field.focus();
      return;
    }
  }
  focusPageHeading();
}
