/**
 * The API key creation modal (spec section 2: copy, next, cancel and
 * complete): first the key's name and scopes (Next creates it, Cancel
 * closes), then the key itself, shown this once, with Copy and Complete.
 * Once the key exists the modal cannot be dismissed by Escape or a click
 * outside: only Complete closes it, so the key is not lost by accident.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ModalDialog } from '../../hydrate/modal/modal-dialog.tsx';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyScope } from '../../shared/owner-permissions.ts';
import { apiKeyCreateSchema } from '../../shared/owner-schemas.ts';
import { CheckboxField, check, focusFirstProblem, type Problems, TextField } from '../form-fields.tsx';
import { ClientApiError, ownerRequest } from '../owner-api.ts';
import { Status } from '../panel.tsx';

export const API_KEY_MODAL_TEXT = {
  title: 'Create API key',
  next: 'Next',
  cancel: 'Cancel',
  copy: 'Copy key',
  copied: 'Copied to the clipboard.',
  complete: 'Complete',
  shownOnce: 'Copy this key now and keep it somewhere safe: it is not shown again.',
} as const;

export function ApiKeyCreateModal({ open, onClose }: { open: boolean; onClose(created: boolean): void }) {
  const form = useRef<HTMLFormElement>(null);
  const scopesId = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [problems, setProblems] = useState<Problems>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const copyButton = useRef<HTMLButtonElement>(null);
  // The form and its Next button are gone once the key exists: the focus goes on to Copy.
  useEffect(() => {
    if (key !== null) copyButton.current?.focus();
  }, [key]);

  const reset = () => {
    setName('');
    setScopes([]);
    setProblems({});
    setStatus(null);
    setKey(null);
  };
  const close = () => {
    const created = key !== null;
    reset();
    onClose(created);
  };

  const next = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check(apiKeyCreateSchema, { name, scopes });
    if (!checked.ok) {
      setProblems(checked.problems);
      if (checked.problems.scopes && !checked.problems.name) {
        form.current?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
      } else focusFirstProblem(form.current, checked.problems);
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      const answer = await ownerRequest<{ key: string }>('/api/owner/api-keys', {
        method: 'POST',
        body: checked.value,
      });
      setKey(answer.key);
      setStatus(null);
    } catch (error) {
      if (error instanceof ClientApiError && error.fields) setProblems(error.fields);
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (key === null) return;
    try {
      await navigator.clipboard.writeText(key);
      setStatus({ kind: 'ok', message: API_KEY_MODAL_TEXT.copied });
    } catch {
      // Without clipboard access (an insecure origin, a refused permission) the key is selected to copy by hand.
      const field = document.getElementById(`${scopesId}-key`) as HTMLInputElement | null;
      field?.select();
      setStatus({
        kind: 'error',
        message: 'Copying is not allowed here: the key is selected, copy it with your keyboard.',
      });
    }
  };

  return (
    <ModalDialog
      open={open}
      title={API_KEY_MODAL_TEXT.title}
      onClose={close}
      dismissible={key === null}
      className="api-key-modal"
    >
      {key === null ? (
        <form ref={form} noValidate onSubmit={next} className="form">
          <TextField
            label="Key name"
            name="name"
            value={name}
            onChange={setName}
            problem={problems.name}
            hint="Say what will use it, such as 'Stock sync'."
          />
          <fieldset aria-describedby={problems.scopes ? `${scopesId}-problem` : undefined}>
            <legend>Permissions</legend>
            {API_KEY_SCOPES.map((scope) => (
              <CheckboxField
                key={scope}
                label={API_KEY_SCOPE_LABELS[scope]}
                name={`scope-${scope}`}
                checked={scopes.includes(scope)}
                onChange={(checked) => setScopes(checked ? [...scopes, scope] : scopes.filter((s) => s !== scope))}
              />
            ))}
            {problems.scopes ? (
              <p className="field__problem" id={`${scopesId}-problem`}>
                {problems.scopes}
              </p>
            ) : null}
          </fieldset>
          <Status status={status} />
          <div className="modal-panel__actions">
            <button type="button" className="button" data-autofocus="" onClick={close}>
              {API_KEY_MODAL_TEXT.cancel}
            </button>
            <button type="submit" className="button button--primary" disabled={busy}>
              {API_KEY_MODAL_TEXT.next}
            </button>
          </div>
        </form>
      ) : (
        <div className="form">
          <p>{API_KEY_MODAL_TEXT.shownOnce}</p>
          <div className="field">
            <label htmlFor={`${scopesId}-key`}>Your new API key</label>
            <input id={`${scopesId}-key`} name="key" readOnly value={key} className="key-field" />
          </div>
          <p className="field__hint">Send it as the header: Authorization: Bearer &lt;key&gt;</p>
          <Status status={status} />
          <div className="modal-panel__actions">
            <button ref={copyButton} type="button" className="button" onClick={() => void copy()}>
              {API_KEY_MODAL_TEXT.copy}
            </button>
            <button type="button" className="button button--primary" onClick={close}>
              {API_KEY_MODAL_TEXT.complete}
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
