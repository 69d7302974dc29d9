/**
 * Holding keyboard focus in an open modal (spec section 2: focus is trapped
 * inside): focus moves in, Tab and Shift+Tab wrap inside, focus that lands
 * outside is brought back, and Escape asks to close. Used by the dialogs
 * React draws (modal-dialog.tsx) and by ones the server printed
 * (islands/popup-overlay.tsx).
 */

/** What dialogs hold: links, form controls and anything given a tab stop. */
const FOCUSABLE = 'a[href],button,input,select,textarea,[tabindex]';

/** Controls a Tab can reach: disabled ones, hidden inputs, tabindex -1 and hidden elements are skipped. */
export function focusablesIn(panel: HTMLElement): HTMLElement[] {
  return Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) =>
      !(element as HTMLButtonElement).disabled &&
      (element as HTMLInputElement).type !== 'hidden' &&
      element.getAttribute('tabindex') !== '-1' &&
      !element.closest('[hidden]'),
  );
}

/** An element marked data-autofocus takes focus first (a confirm's safe answer), else the first control. */
export function focusFirst(panel: HTMLElement): void {
  (panel.querySelector<HTMLElement>('[data-autofocus]') ?? focusablesIn(panel)[0] ?? panel).focus();
}

export interface FocusTrapOptions {
  /** False while a dialog opened above this one holds focus instead. */
  active: () => boolean;
  /** Escape was pressed; the owner decides whether that closes. Returns whether the key was taken. */
  onEscape: () => boolean;
}

/** Moves focus into the panel and holds it there; the returned function lets go. */
export function trapFocus(panel: HTMLElement, options: FocusTrapOptions): () => void {
  const doc = panel.ownerDocument;
  const onKeyDown = (event: KeyboardEvent) => {
    if (!options.active()) return;
    if (event.key === 'Escape') {
      if (options.onEscape()) event.preventDefault();
    } else if (event.key === 'Tab') {
      const items = focusablesIn(panel);
      const active = doc.activeElement;
      const outside = !panel.contains(active) || active === panel;
      const wrapTo = event.shiftKey
        ? outside || active === items[0]
          ? items[items.length - 1]
          : undefined
        : outside || active === items[items.length - 1]
          ? items[0]
          : undefined;
      if (items.length === 0 || wrapTo) {
        event.preventDefault();
        (wrapTo ?? panel).focus();
      }
    }
  };
  // Focus that lands outside (a click on the page behind, a script) is brought back.
  const onFocusIn = (event: FocusEvent) => {
    if (options.active() && !panel.contains(event.target as Node)) focusFirst(panel);
  };
  focusFirst(panel);
  doc.addEventListener('keydown', onKeyDown);
  doc.addEventListener('focusin', onFocusIn);
  return () => {
    doc.removeEventListener('keydown', onKeyDown);
    doc.removeEventListener('focusin', onFocusIn);
  };
}
