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
import { trapFocus } from './focus-trap.ts';

/** Spec section 2: "The modal resizes with a 100 ms debounce." */
export const MODAL_RESIZE_DEBOUNCE_MS = 100;

/** The panel's height limit, in px: the viewport's inner height, recomputed on resize. */
export const VIEWPORT_HEIGHT_PROPERTY = '--modal-viewport-height';

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
    fit();
    const release = trapFocus(panel, {
      active: innermost,
      onEscape() {
        if (!latest.current.dismissible) return false;
        latest.current.onClose();
        return true;
      },
    });
    view.addEventListener('resize', onResize);
    return () => {
      clearTimeout(resizeTimer);
      view.removeEventListener('resize', onResize);
      release();
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
