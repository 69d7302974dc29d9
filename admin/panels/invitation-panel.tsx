/**
 * Where an invitation mail's link leads (/config/invitation#token=…): what
 * the invitation is for, then a name and a password; accepting signs in.
 */
import { useEffect, useState } from 'react';
import { ROLE_LABELS, type Role } from '../../shared/owner-permissions.ts';
import { acceptInvitationSchema } from '../../shared/owner-schemas.ts';
import { TextField } from '../form-fields.tsx';
import { ownerRequest, setOwnerXsrf } from '../owner-api.ts';
import { Panel, Status } from '../panel.tsx';
import { useRouter } from '../router.tsx';
import { useSession } from '../session.tsx';
import { useSaveForm } from './save-form.ts';

function tokenFromHash(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

export function InvitationPanel() {
  const { refresh } = useSession();
  const { navigate } = useRouter();
  const [token] = useState(tokenFromHash);
  const [invitation, setInvitation] = useState<{ email: string; role: number; siteTitle: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { form, problems, status, busy, save } = useSaveForm(
    acceptInvitationSchema,
    async (value) => {
      const answer = await ownerRequest<{ xsrfToken: string }>('/api/owner/invitations/accept', {
        method: 'POST',
        body: value,
      });
      setOwnerXsrf(answer.xsrfToken);
      await refresh();
      navigate('/config');
    },
    'Welcome! You are signed in.',
  );
  useEffect(() => {
    ownerRequest<{ email: string; role: number; siteTitle: string }>('/api/owner/invitations/lookup', {
      method: 'POST',
      body: { token },
    }).then(setInvitation, (error: Error) => setProblem(error.message));
  }, [token]);
  return (
    <Panel title="Accept your invitation">
      {problem ? <p role="alert">{problem}</p> : null}
      {invitation ? (
        <form
          ref={form}
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save({ token, name, password });
          }}
        >
          <p>
            You are invited to {invitation.siteTitle} as {ROLE_LABELS[invitation.role as Role]}, with the email{' '}
            {invitation.email}.
          </p>
          <TextField
            label="Your name"
            name="name"
            autoComplete="name"
            value={name}
            onChange={setName}
            problem={problems.name}
            required
          />
          <TextField
            label="Choose a password"
            name="password"
            type="password"
            autoComplete="new-password"
            hint="8 to 256 characters."
            value={password}
            onChange={setPassword}
            problem={problems.password}
            required
          />
          <Status status={status} />
          <button type="submit" className="button button--primary" disabled={busy}>
            Accept and sign in
          </button>
        </form>
      ) : problem ? null : (
        <p>Loading…</p>
      )}
    </Panel>
  );
}
