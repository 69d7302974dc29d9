/** Header and footer code (spec section 7: GET and PUT /api/site-header-footer), printed on every page of the site. */
import { useEffect, useState } from 'react';
import { headerFooterSchema } from '../../shared/owner-schemas.ts';
import { TextField } from '../form-fields.tsx';
import { ownerRequest } from '../owner-api.ts';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { useSession } from '../session.tsx';
import { useSaveForm } from './save-form.ts';

interface Code {
  header: string;
  footer: string;
}

export function CodeInjectionPanel() {
  const { can } = useSession();
  const editable = can('code-injection:write');
  const [values, setValues] = useState<Code | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { form, problems, status, busy, save } = useSaveForm(
    headerFooterSchema,
    async (value) => setValues(await ownerRequest<Code>('/api/site-header-footer', { method: 'PUT', body: value })),
    'Code injection saved. Every page shows it now.',
  );
  useEffect(() => {
    ownerRequest<Code>('/api/site-header-footer').then(setValues, (error: Error) => setLoadError(error.message));
  }, []);
  return (
    <Panel
      title="Code injection"
      intro="HTML added to every page of the site: the header code at the end of each page's head, the footer code at the end of its body."
    >
      {loadError ? <p role="alert">{loadError}</p> : null}
      {values ? (
        <form
          ref={form}
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save(values);
          }}
        >
          {editable ? null : <ReadOnlyNote />}
          <TextField
            label="Header"
            name="header"
            multiline
            value={values.header}
            onChange={(header) => setValues({ ...values, header })}
            problem={problems.header}
            disabled={!editable}
          />
          <TextField
            label="Footer"
            name="footer"
            multiline
            value={values.footer}
            onChange={(footer) => setValues({ ...values, footer })}
            problem={problems.footer}
            disabled={!editable}
          />
          <Status status={status} />
          {editable ? (
            <button type="submit" className="button button--primary" disabled={busy}>
              Save code injection
            </button>
          ) : null}
        </form>
      ) : loadError ? null : (
        <p>Loading…</p>
      )}
    </Panel>
  );
}
