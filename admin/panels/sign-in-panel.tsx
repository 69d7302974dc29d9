/** Signing in to the admin app: email, password, remember me; the server's answer said in the form. */
import { type FormEvent, useRef, useState } from 'react';
import { ownerSignInSchema } from '../../shared/owner-schemas.ts';
import { CheckboxField, check, focusFirstProblem, type Problems, TextField } from '../form-fields.tsx';
import { ClientApiError, ownerRequest, setOwnerXsrf } from '../owner-api.ts';
import { Panel, Status } from '../panel.tsx';
import { useSession } from '../session.tsx';

export function SignInPanel() {
  const { refresh } = useSession();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check(ownerSignInSchema, { email, password, rememberMe });
    if (!checked.ok) {
      setProblems(checked.problems);
      focusFirstProblem(form.current, checked.problems);
      return;
    }
    setProblems({});
    setBusy(true);
    setStatus(null);
    try {
      const answer = await ownerRequest<{ xsrfToken: string }>('/api/owner/session', {
        method: 'POST',
        body: checked.value,
      });
      setOwnerXsrf(answer.xsrfToken);
      await refresh();
    } catch (error) {
      if (error instanceof ClientApiError && error.fields) setProblems(error.fields);
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      setBusy(false);
    }
  };

  return (
    <Panel title="Sign in" intro="Sign in with your contributor account to manage this website.">
      <form ref={form} className="form" noValidate onSubmit={submit}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          problem={problems.email}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          problem={problems.password}
          required
        />
        <CheckboxField
          label="Keep me signed in for 30 days"
          name="rememberMe"
          checked={rememberMe}
          onChange={setRememberMe}
        />
        <Status status={status} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </Panel>
  );
}
