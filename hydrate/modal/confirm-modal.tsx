/**
 * The confirm modal (spec section 2): a question with a confirm and a cancel
 * answer, as a promise any island can await without rendering anything
 * itself. It mounts its own React root, so the caller's tree needs no slot.
 *
 *   if (await confirmModal({ title: 'Remove item', message: 'Remove the mug from your cart?' })) …
 */
import { type ReactNode, useId } from 'react';
import { createRoot } from 'react-dom/client';
import { ModalDialog } from './modal-dialog.tsx';

export interface ConfirmModalOptions {
  title: string;
  message: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Spec: cancellable by default. False leaves confirm as the only answer (no cancel, Escape or backdrop). */
  cancellable?: boolean;
  /** Spec: closes automatically by default. False keeps it open after the answer until `close()`. */
  autoClose?: boolean;
}

/** The answer: true on confirm, false on cancel, Escape or a backdrop click. */
export type ConfirmModalResult = Promise<boolean> & {
  /** Removes the dialog; a dialog closed unanswered resolves false. */
  close(): void;
};

export const CONFIRM_MODAL_TEXT = { confirm: 'Confirm', cancel: 'Cancel' } as const;

export function confirmModal(options: ConfirmModalOptions): ConfirmModalResult {
  const host = document.createElement('div');
  host.setAttribute('data-confirm-modal', '');
  document.body.append(host);
  const root = createRoot(host);
  let answered = false;
  let answer!: (confirmed: boolean) => void;

  const close = () => {
    if (!host.isConnected) return;
    root.unmount();
    host.remove();
    answer(false);
  };
  const promise = new Promise<boolean>((resolve) => {
    answer = (confirmed) => {
      if (answered) return;
      answered = true;
      resolve(confirmed);
      if (options.autoClose !== false) close();
    };
  });
  root.render(<ConfirmDialog options={options} onAnswer={(confirmed) => answer(confirmed)} />);
  return Object.assign(promise, { close });
}

function ConfirmDialog({
  options,
  onAnswer,
}: {
  options: ConfirmModalOptions;
  onAnswer: (confirmed: boolean) => void;
}) {
  const messageId = useId();
  const cancellable = options.cancellable !== false;
  return (
    <ModalDialog
      open
      title={options.title}
      role="alertdialog"
      describedBy={messageId}
      dismissible={cancellable}
      onClose={() => onAnswer(false)}
    >
      <div className="modal-panel__message" id={messageId}>
        {options.message}
      </div>
      <div className="modal-panel__actions">
        {cancellable ? (
          // The safe answer takes focus first, so Enter on an unread dialog never confirms.
          <button type="button" className="button--secondary" data-autofocus="" onClick={() => onAnswer(false)}>
            {options.cancelText ?? CONFIRM_MODAL_TEXT.cancel}
          </button>
        ) : null}
        <button type="button" className="modal-panel__confirm" onClick={() => onAnswer(true)}>
          {options.confirmText ?? CONFIRM_MODAL_TEXT.confirm}
        </button>
      </div>
    </ModalDialog>
  );
}
