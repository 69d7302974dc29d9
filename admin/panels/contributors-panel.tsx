/** Contributors and roles: who may manage the site, invitations by email, role changes and removals. */
import { useCallback, useEffect, useState } from 'react';
import { confirmModal } from '../../hydrate/modal/confirm-modal.tsx';
import { ROLE_LABELS, ROLES, type Role } from '../../shared/owner-permissions.ts';
import { invitationSchema } from '../../shared/owner-schemas.ts';
import { TextField } from '../form-fields.tsx';
import { ownerRequest } from '../owner-api.ts';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { useSession } from '../session.tsx';
import { RoleSelect } from './role-select.tsx';
import { useSaveForm } from './save-form.ts';

interface ContributorRow {
  id: string;
  email: string;
  name: string;
  role: number;
  roleLabel: string;
  canSignIn: boolean;
}

interface ContributorList {
  contributors: ContributorRow[];
  invitations: { email: string; role: number; expiresOn: string }[];
}

export function ContributorsPanel() {
  const { can, session } = useSession();
  const editable = can('contributors:write');
  const [list, setList] = useState<ContributorList | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const load = useCallback(async () => {
    try {
      setList(await ownerRequest<ContributorList>('/api/owner/contributors'));
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const changeRole = async (contributor: ContributorRow, role: number) => {
    try {
      await ownerRequest(`/api/owner/contributors/${encodeURIComponent(contributor.id)}`, {
        method: 'PUT',
        body: { role },
      });
      setStatus({ kind: 'ok', message: `${contributor.name} is now ${ROLE_LABELS[role as Role]}.` });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
    await load();
  };

  const remove = async (contributor: ContributorRow) => {
    const confirmed = await confirmModal({
      title: 'Remove contributor',
      message: `Remove ${contributor.name} (${contributor.email})? They can no longer sign in to this website.`,
      confirmText: 'Remove',
    });
    if (!confirmed) return;
    try {
      await ownerRequest(`/api/owner/contributors/${encodeURIComponent(contributor.id)}`, { method: 'DELETE' });
      setStatus({ kind: 'ok', message: `${contributor.name} was removed.` });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
    await load();
  };

  return (
    <Panel title="Contributors" intro="People who help run this website, and what their role lets them do.">
      {editable ? null : <ReadOnlyNote />}
      <Status status={status} />
      {list ? (
        <table className="table">
          <caption className="visually-hidden">Contributors</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              {editable ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {list.contributors.map((contributor) => (
              <tr key={contributor.id}>
                <th scope="row">
                  {contributor.name}
                  {contributor.id === session?.contributor.id ? ' (you)' : ''}
                </th>
                <td>{contributor.email}</td>
                <td>
                  {editable ? (
                    <RoleSelect
                      label={`Role of ${contributor.name}`}
                      name={`role-${contributor.id}`}
                      value={contributor.role}
                      onChange={(role) => void changeRole(contributor, role)}
                    />
                  ) : (
                    contributor.roleLabel
                  )}
                </td>
                {editable ? (
                  <td>
                    <button type="button" className="button button--danger" onClick={() => void remove(contributor)}>
                      Remove<span className="visually-hidden"> {contributor.name}</span>
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Loading…</p>
      )}
      {list && list.invitations.length > 0 ? (
        <>
          <h2>Open invitations</h2>
          <ul className="plain-list">
            {list.invitations.map((invitation) => (
              <li key={invitation.email}>
                {invitation.email}, {ROLE_LABELS[invitation.role as Role]}, until{' '}
                {new Date(invitation.expiresOn).toLocaleDateString()}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {editable ? <InviteForm onInvited={load} /> : null}
    </Panel>
  );
}

function InviteForm({ onInvited }: { onInvited(): Promise<void> }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<number>(ROLES.editor);
  const { form, problems, status, busy, save } = useSaveForm(
    invitationSchema,
    async (value) => {
      await ownerRequest('/api/owner/contributors/invitations', { method: 'POST', body: value });
      setEmail('');
      await onInvited();
    },
    'Invitation sent. The link in it works once, for seven days.',
  );
  return (
    <form
      ref={form}
      className="form"
      noValidate
      aria-labelledby="invite-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void save({ email, role });
      }}
    >
      <h2 id="invite-heading">Invite a contributor</h2>
      <TextField
        label="Email"
        name="email"
        type="email"
        value={email}
        onChange={setEmail}
        problem={problems.email}
        required
      />
      <RoleSelect label="Role" name="role" value={role} onChange={setRole} problem={problems.role} />
      <Status status={status} />
      <button type="submit" className="button button--primary" disabled={busy}>
        Send invitation
      </button>
    </form>
  );
}
