/**
 * Pages (issue 23): the site's pages of blocks, published or draft, and a
 * new one by its title (made as a draft; the page editor publishes it).
 */
import { type FormEvent, useEffect, useState } from 'react';
import { contentApi, type OwnerCollection } from '../content/content-api.ts';
import { saveFailure } from '../content/save-outcome.ts';
import { type Problems, TextField } from '../form-fields.tsx';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { CONFIG_PATH, Link, useRouter } from '../router.tsx';
import { useSession } from '../session.tsx';

export const PAGES_PATH = `${CONFIG_PATH}/pages`;

export function PagesPanel() {
  const { can } = useSession();
  const { navigate } = useRouter();
  const [pages, setPages] = useState<OwnerCollection[] | null>(null);
  const [title, setTitle] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);

  useEffect(() => {
    contentApi
      .collections()
      .then(({ collections }) => setPages(collections.filter((c) => c.kind === 'page')))
      .catch((error: Error) => setStatus({ kind: 'error', message: error.message }));
  }, []);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { collection } = await contentApi.createCollection({ kind: 'page', title });
      navigate(`${PAGES_PATH}/${collection.id}`);
    } catch (error) {
      const failure = saveFailure(error);
      setProblems(failure.problems);
      setStatus({ kind: 'error', message: failure.message });
    }
  };

  return (
    <Panel title="Pages" intro="Each page is a list of blocks: text, images, forms, buttons and more.">
      {can('content:write') ? null : <ReadOnlyNote />}
      <Status status={status} />
      {pages ? (
        <table className="table">
          <caption className="visually-hidden">Pages</caption>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Address</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <tr key={page.id}>
                <td>
                  <Link to={`${PAGES_PATH}/${page.id}`}>{page.title}</Link>
                </td>
                <td>{page.url}</td>
                <td>{page.enabled ? 'Published' : 'Draft'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Loading…</p>
      )}
      {can('content:write') ? (
        <form className="form form--inline" onSubmit={create} noValidate>
          <h2>New page</h2>
          <TextField label="Page title" name="title" value={title} onChange={setTitle} problem={problems.title} />
          <button type="submit" className="button button--primary">
            Create page
          </button>
        </form>
      ) : null}
    </Panel>
  );
}
