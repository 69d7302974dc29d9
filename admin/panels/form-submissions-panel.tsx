/**
 * Form submissions (issue 22): per form, what visitors sent, newest first a
 * page at a time (Next and Previous by cursor), one submission's answers,
 * a CSV export of all (the server writes it: quoted, formula-safe), and
 * deleting one or all of a form's, each asked through the confirm modal.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { confirmModal } from '../../hydrate/modal/confirm-modal.tsx';
import { ownerRequest } from '../owner-api.ts';
import { Panel, Status } from '../panel.tsx';
import { useSession } from '../session.tsx';

interface FormSummary {
  id: string;
  name: string;
  isNewsletter: boolean;
  submissionCount: number;
}

interface Answer {
  fieldId: string;
  title: string;
  text: string;
}

interface Submission {
  id: string;
  createdOn: string;
  pageTitle: string | null;
  pagePath: string | null;
  answers: Answer[];
}

interface SubmissionPage {
  submissions: Submission[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

const PAGE_SIZE = 20;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formPath = (formId: string) => `/api/owner/forms/${encodeURIComponent(formId)}`;

/** The first answers, for the table's one-line summary of a submission. */
function summary(submission: Submission): string {
  const text = submission.answers
    .map((answer) => answer.text)
    .filter((value) => value !== '')
    .slice(0, 3)
    .join(' · ');
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

export function FormSubmissionsPanel() {
  const [forms, setForms] = useState<FormSummary[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const loadForms = useCallback(async () => {
    try {
      const { forms } = await ownerRequest<{ forms: FormSummary[] }>('/api/owner/forms');
      setForms(forms);
      setChosen((current) => current ?? forms[0]?.id ?? null);
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);
  useEffect(() => {
    void loadForms();
  }, [loadForms]);
  const form = forms?.find((candidate) => candidate.id === chosen);
  return (
    <Panel title="Form submissions" intro="What visitors sent through the site's forms, newest first.">
      <Status status={status} />
      {forms === null ? <p>Loading…</p> : null}
      {forms?.length === 0 ? <p>The site has no forms yet.</p> : null}
      {forms && forms.length > 0 ? (
        <div className="field form-chooser">
          <label htmlFor="submissions-form-choice">Form</label>
          <select
            id="submissions-form-choice"
            value={chosen ?? ''}
            onChange={(event) => {
              setStatus(null);
              setChosen(event.target.value);
            }}
          >
            {forms.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name} ({candidate.submissionCount})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {form ? <FormSubmissions key={form.id} form={form} onCountsChanged={() => void loadForms()} /> : null}
    </Panel>
  );
}

function FormSubmissions({ form, onCountsChanged }: { form: FormSummary; onCountsChanged(): void }) {
  const { can } = useSession();
  const deletable = can('form-submissions:write');
  /** The cursors of the pages before this one; the first page has none. */
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState<SubmissionPage | null>(null);
  const [shown, setShown] = useState<Submission | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const cursor = cursors.at(-1) ?? null;

  const load = useCallback(async () => {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (cursor) query.set('cursor', cursor);
    try {
      setPage(await ownerRequest<SubmissionPage>(`${formPath(form.id)}/submissions?${query}`));
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, [form.id, cursor]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (shown) detailHeading.current?.focus();
  }, [shown]);

  const show = async (id: string) => {
    try {
      setShown(await ownerRequest<Submission>(`${formPath(form.id)}/submissions/${encodeURIComponent(id)}`));
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const removeOne = async (submission: Submission) => {
    const confirmed = await confirmModal({
      title: 'Delete submission',
      message: `Delete the submission of ${when(submission.createdOn)}? This cannot be undone.`,
      confirmText: 'Delete submission',
    });
    if (!confirmed) return;
    try {
      await ownerRequest(`${formPath(form.id)}/submissions/${encodeURIComponent(submission.id)}`, {
        method: 'DELETE',
      });
      setStatus({ kind: 'ok', message: 'The submission was deleted.' });
      if (shown?.id === submission.id) setShown(null);
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
    await load();
    onCountsChanged();
  };

  const removeAll = async () => {
    const confirmed = await confirmModal({
      title: 'Delete all submissions',
      message: `Delete all ${form.submissionCount} submissions of ${form.name}? Export them first to keep a copy. This cannot be undone.`,
      confirmText: 'Delete all',
    });
    if (!confirmed) return;
    try {
      const { deleted } = await ownerRequest<{ deleted: number }>(`${formPath(form.id)}/submissions`, {
        method: 'DELETE',
      });
      setStatus({ kind: 'ok', message: `${deleted} submission${deleted === 1 ? ' was' : 's were'} deleted.` });
      setShown(null);
      setCursors([null]);
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
    await load();
    onCountsChanged();
  };

  const empty = page !== null && page.submissions.length === 0 && cursors.length === 1;
  return (
    <section aria-labelledby="submissions-heading">
      <h2 id="submissions-heading">{form.name}</h2>
      <p className="links">
        {form.submissionCount > 0 ? (
          <a className="button" href={`${formPath(form.id)}/submissions/export`} download>
            Export CSV
          </a>
        ) : null}
        {deletable && form.submissionCount > 0 ? (
          <button type="button" className="button button--danger" onClick={() => void removeAll()}>
            Delete all submissions
          </button>
        ) : null}
      </p>
      <Status status={status} />
      {page === null ? <p>Loading…</p> : null}
      {empty ? <p>No submissions yet.</p> : null}
      {page && page.submissions.length > 0 ? (
        <table className="table">
          <caption className="visually-hidden">Submissions of {form.name}</caption>
          <thead>
            <tr>
              <th scope="col">Sent</th>
              <th scope="col">Page</th>
              <th scope="col">Answers</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {page.submissions.map((submission) => (
              <tr key={submission.id}>
                <td>{when(submission.createdOn)}</td>
                <td>{submission.pagePath ?? ''}</td>
                <td>{summary(submission)}</td>
                <td className="nav-editor__actions">
                  <button
                    type="button"
                    className="button"
                    aria-label={`View the submission of ${when(submission.createdOn)}`}
                    onClick={() => void show(submission.id)}
                  >
                    View
                  </button>
                  {deletable ? (
                    <button
                      type="button"
                      className="button button--danger"
                      aria-label={`Delete the submission of ${when(submission.createdOn)}`}
                      onClick={() => void removeOne(submission)}
                    >
                      Delete
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <nav aria-label="Submission pages" className="links">
        <button
          type="button"
          className="button"
          disabled={cursors.length === 1}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Previous page
        </button>
        <button
          type="button"
          className="button"
          disabled={!page?.hasNextPage}
          onClick={() => page?.nextPageCursor && setCursors([...cursors, page.nextPageCursor])}
        >
          Next page
        </button>
      </nav>
      {shown ? (
        <section aria-labelledby="submission-detail-heading" className="submission-detail">
          <h3 id="submission-detail-heading" ref={detailHeading} tabIndex={-1}>
            Submission of {when(shown.createdOn)}
          </h3>
          <dl>
            {shown.pagePath ? (
              <div>
                <dt>Sent from</dt>
                <dd>{shown.pageTitle ? `${shown.pageTitle} (${shown.pagePath})` : shown.pagePath}</dd>
              </div>
            ) : null}
            {shown.answers.map((answer) => (
              <div key={answer.fieldId}>
                <dt>{answer.title}</dt>
                <dd>{answer.text === '' ? <span className="note">No answer</span> : answer.text}</dd>
              </div>
            ))}
          </dl>
          <button type="button" className="button" onClick={() => setShown(null)}>
            Close
          </button>
        </section>
      ) : null}
    </section>
  );
}
