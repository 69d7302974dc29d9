/**
 * The save cycle every settings form shares: check with the call's shared
 * schema, show each field's message and focus the first, send, and say
 * what happened (the server's per-field messages included).
 */
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { check, focusFirstProblem, type Problems } from '../form-fields.tsx';
import { ClientApiError } from '../owner-api.ts';

export function useSaveForm<T extends z.ZodType>(
  schema: T,
  send: (value: z.infer<T>) => Promise<void>,
  savedMessage: string,
) {
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (values: unknown) => {
    const checked = check(schema, values);
    if (!checked.ok) {
      setProblems(checked.problems);
      setStatus({ kind: 'error', message: 'Please check the highlighted fields.' });
      focusFirstProblem(form.current, checked.problems);
      return;
    }
    setProblems({});
    setBusy(true);
    setStatus(null);
    try {
      await send(checked.value);
      setStatus({ kind: 'ok', message: savedMessage });
    } catch (error) {
      if (error instanceof ClientApiError && error.fields) {
        setProblems(error.fields);
        focusFirstProblem(form.current, error.fields);
      }
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  return { form, problems, status, setStatus, busy, save };
}
