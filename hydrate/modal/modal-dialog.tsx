/**
 * The accessible modal every island opens (spec section 2: the installment
 * info modal, the confirm modal). While open it holds focus: focus moves in,
 * Tab and Shift+Tab wrap inside, and focus goes back to the opener on close.
 * Escape, a click on the backdrop and the close button ask to close, unless
 * the dialog is not dismissible. Rendered into document.body through a
 * portal, so no container's overflow or stacking can clip it.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

/** Spec section 2: "The modal resizes with a 100 ms debounce." */
export const MODAL_RESIZE_DEBOUNCE_MS = 100;

/** The panel's height limit, in px: the viewport's inner height, recomputed on resize. */
export const VIEWPORT_HEIGHT_PROPERTY = '--modal-viewport-height';

/** What dialogs hold: links, form controls and anything given a tab stop. */
const FOCUSABLE = 'a[href],button,input,select,textarea,[tabindex]';

/** Controls a Tab can reach: disabled ones, hidden inputs and tabindex -1 are skipped. */
function focusablesIn(panel: HTMLElement): HTMLElement[] {
  return Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) =>
      !(element as HTMLButtonElement).disabled &&
      (element as HTMLInputElement).type !== 'hidden' &&
      element.getAttribute('tabindex') !== '-1',
  );
}

/** Open dialogs, innermost last: only the innermost answers keys and keeps focus. */
const openDialogs: object[] = [];

export interface ModalDialogProps {
  open: boolean;
  title: ReactNode;
  /** Asked for by Escape, the backdrop and the close button; the owner decides and sets `open`. */
  onClose: () => void;
  children: ReactNode;
  /** False for a dialog that must be answered: no close button, Escape and the backdrop do nothing. */
  dismissible?: boolean;
  /** 'alertdialog' for a dialog that interrupts to ask something (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that describes the dialog, read when it opens. */
  describedBy?: string;
  className?: string;
}

export function ModalDialog({ open, ...props }: ModalDialogProps) {
  if (!open) return null;
  return createPortal(<OpenModal {...props} />, document.body);
}

/** An element marked data-autofocus takes focus first (a confirm's safe answer), else the first control. */
function focusFirst(panel: HTMLElement): void {
  (panel.querySelector<HTMLElement>('[data-autofocus]') ?? focusablesIn(panel)[0] ?? panel).focus();
}

function OpenModal({
  title,
  onClose,
  children,
  dismissible = true,
  role = 'dialog',
  describedBy,
  className,
}: Omit<ModalDialogProps, 'open'>) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // Props read from document listeners, which are added once for the dialog's whole life.
  const latest = useRef({ onClose, dismissible });
  latest.current = { onClose, dismissible };
  // A press that starts in the panel and is released on the backdrop (selecting text) is not an outside click.
  const pressedInPanel = useRef(false);

  useEffect(() => {
    const panel = panelRef.current!;
    const doc = panel.ownerDocument;
    const view = doc.defaultView!;
    const opener = doc.activeElement as HTMLElement | null;
    const self = {};
    openDialogs.push(self);
    const innermost = () => openDialogs[openDialogs.length - 1] === self;

    const fit = () => panel.style.setProperty(VIEWPORT_HEIGHT_PROPERTY, `${view.innerHeight}px`);
    let resizeTimer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(fit, MODAL_RESIZE_DEBOUNCE_MS);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!innermost()) return;
      if (event.key === 'Escape') {
        if (!latest.current.dismissible) return;
        event.preventDefault();
        latest.current.onClose();
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
      if (innermost() && !panel.contains(event.target as Node)) focusFirst(panel);
    };

    fit();
    focusFirst(panel);
    view.addEventListener('resize', onResize);
    doc.addEventListener('keydown', onKeyDown);
    doc.addEventListener('focusin', onFocusIn);
    return () => {
      clearTimeout(resizeTimer);
      view.removeEventListener('resize', onResize);
      doc.removeEventListener('keydown', onKeyDown);
      doc.removeEventListener('focusin', onFocusIn);
      openDialogs.splice(openDialogs.indexOf(self), 1);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a pointer shortcut; Escape and the close button are the keyboard's way out
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        pressedInPanel.current = event.target !== event.currentTarget;
      }}
      onClick={(event) => {
        const fromPanel = pressedInPanel.current;
        pressedInPanel.current = false;
        if (event.target === event.currentTarget && !fromPanel && dismissible) onClose();
      }}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is always dialog or alertdialog, which both take aria-modal */}
      <div
        ref={panelRef}
        className={className ? `modal-panel ${className}` : 'modal-panel'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <div className="modal-panel__header">
          <h2 className="modal-panel__title" id={titleId}>
            {title}
          </h2>
          {dismissible ? (
            <button type="button" className="modal-panel__close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          ) : null}
        </div>
        <div className="modal-panel__body">{children}</div>
      </div>
    </div>
  );
}
