/**
 * Labelled form fields that show their own message under them, tied to
 * the input by aria-describedby and marked aria-invalid, and the checks
 * every form runs before sending: the shared zod schema of the call
 * (shared/owner-schemas.ts), so the form and the server say the same.
 */
import { type ReactNode, useId } from 'react';
import type { z } from 'zod';
import { schemaProblems } from '../shared/owner-schemas.ts';

export type Problems = Record<string, string>;

/** The schema's verdict on the values: the parsed values, or each field's message. */
export function check<T extends z.ZodType>(
  schema: T,
  values: unknown,
): { ok: true; value: z.infer<T> } | { ok: false; problems: Problems } {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, value: result.data } : { ok: false, problems: schemaProblems(result.error) };
}

/** Puts the focus on the first field with a problem, so a keyboard user lands where to fix it. */
export function focusFirstProblem(form: HTMLFormElement | null, problems: Problems): void {
  const first = Object.keys(problems)[0];
  if (!form || first === undefined) return;
  const field = form.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`);
  field?.focus();
}

interface FieldProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  problem?: string;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'url' | 'datetime-local';
  autoComplete?: string;
  disabled?: boolean;
  multiline?: boolean;
  required?: boolean;
  /** The language the value is written in, when not the app's (a translation). */
  lang?: string;
}

export function TextField({
  label,
  name,
  value,
  onChange,
  problem,
  hint,
  type = 'text',
  autoComplete,
  disabled,
  multiline,
  required,
  lang,
}: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const describedBy = [hint ? hintId : '', problem ? problemId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value,
    disabled,
    required,
    lang,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={`field${problem ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea {...common} rows={8} spellCheck={false} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          // Date and time to the second: a post may be scheduled for a precise moment.
          step={type === 'datetime-local' ? 1 : undefined}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {problem ? (
        <p className="field__problem" id={problemId}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}

export function CheckboxField({
  label,
  name,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  name: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
