/**
 * One form of the account pages: labelled fields, the check the server
 * makes run first in the browser (shared/site-user-validation.ts), then the
 * call. Problems show under their fields (aria-invalid, aria-describedby)
 * or above the form (role="alert"), and focus goes to the first field with
 * one, else to the form's message, so a keyboard or screen-reader user
 * lands on what to fix.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CLIENT_MESSAGES, ClientApiError } from '../api-client.ts';

export interface FieldSpec {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  defaultValue?: string;
}

export interface AccountFormProps {
  /** The form's accessible name. */
  label: string;
  fields: readonly FieldSpec[];
  /** A checkbox under the fields ('Remember me'). */
  checkbox?: { name: string; label: string };
  submitLabel: string;
  busyLabel: string;
  /** Field name → problem, before any call. */
  check?: (values: Record<string, string>) => Record<string, string>;
  /** Makes the call; the text it returns is shown as the outcome. */
  onSubmit: (values: Record<string, string>, checked: boolean) => Promise<string | undefined>;
  /** Empties the password fields after a success (they are never kept in the page longer than needed). */
  clearOnSuccess?: boolean;
  children?: ReactNode;
}

export function AccountForm(props: AccountFormProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Moves focus after the render that shows the problems.
  const [focusTick, setFocusTick] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per failed submit, after the problems render
  useEffect(() => {
    if (focusTick === 0) return;
    const first = props.fields.find((field) => fieldErrors[field.name] !== undefined);
    const input = first ? form.current?.querySelector<HTMLInputElement>(`[name="${first.name}"]`) : null;
    if (input) input.focus();
    else alert.current?.focus();
  }, [focusTick]);

  const fail = (fields: Record<string, string>, message: string | null) => {
    setFieldErrors(fields);
    setFormError(message);
    setFocusTick((tick) => tick + 1);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !form.current) return;
    const data = new FormData(form.current);
    const values: Record<string, string> = {};
    for (const field of props.fields) values[field.name] = String(data.get(field.name) ?? '');
    const checked = props.checkbox ? data.get(props.checkbox.name) !== null : false;
    setNotice(null);
    const problems = props.check?.(values) ?? {};
    if (Object.keys(problems).length > 0) return fail(problems, null);
    setBusy(true);
    try {
      const outcome = await props.onSubmit(values, checked);
      setFieldErrors({});
      setFormError(null);
      if (outcome) setNotice(outcome);
      if (props.clearOnSuccess) form.current?.reset();
    } catch (error) {
      const known = error instanceof ClientApiError;
      const fields = known && error.fields ? error.fields : {};
      const named = props.fields.some((field) => fields[field.name] !== undefined);
      fail(fields, named ? null : known ? error.message : CLIENT_MESSAGES.unknown);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="account-form" aria-label={props.label} noValidate onSubmit={submit}>
      {formError !== null && (
        <p ref={alert} className="form-error" role="alert" tabIndex={-1}>
          {formError}
        </p>
      )}
      {notice !== null && (
        <p className="form-notice" role="status">
          {notice}
        </p>
      )}
      {props.fields.map((field) => {
        const error = fieldErrors[field.name];
        const errorId = `${id}-${field.name}-error`;
        return (
          <div className="account-form__field" key={field.name}>
            <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              defaultValue={field.defaultValue}
              aria-invalid={error !== undefined ? true : undefined}
              aria-describedby={error !== undefined ? errorId : undefined}
              required
            />
            {error !== undefined && (
              <p className="account-form__field-error" id={errorId}>
                {error}
              </p>
            )}
          </div>
        );
      })}
      {props.checkbox && (
        <div className="account-form__check">
          <input id={`${id}-${props.checkbox.name}`} name={props.checkbox.name} type="checkbox" />
          <label htmlFor={`${id}-${props.checkbox.name}`}>{props.checkbox.label}</label>
        </div>
      )}
      <button className="button" type="submit" aria-disabled={busy ? true : undefined}>
        {busy ? props.busyLabel : props.submitLabel}
      </button>
      {props.children}
    </form>
  );
}
