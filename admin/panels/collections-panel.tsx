/**
 * Collections (issue 23): every page, blog, events list and gallery of the
 * site, made here (as a draft) and set up in its settings panel. Where each
 * goes in the menus is the Navigation panel's.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { NEW_COLLECTION_KINDS, type NewCollectionKind } from '../../shared/content-schemas.ts';
import { contentApi, type OwnerCollection } from '../content/content-api.ts';
import { saveFailure } from '../content/save-outcome.ts';
import { type Problems, TextField } from '../form-fields.tsx';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { CONFIG_PATH, Link, useRouter } from '../router.tsx';
import { useSession } from '../session.tsx';

export const COLLECTIONS_PATH = `${CONFIG_PATH}/collections`;

export const KIND_LABELS: Readonly<Record<OwnerCollection['kind'], string>> = {
  page: 'Page',
  blog: 'Blog',
  events: 'Events',
  gallery: 'Gallery',
  other: 'Other',
};

const ACCESS_LABELS: Readonly<Record<OwnerCollection['access'], string>> = {
  public: 'Everyone',
  password: 'Password',
  members: 'Members',
};

export function CollectionsPanel() {
  const { can } = useSession();
  const { navigate } = useRouter();
  const [collections, setCollections] = useState<OwnerCollection[] | null>(null);
  const [kind, setKind] = useState<NewCollectionKind>('page');
  const [title, setTitle] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);

  useEffect(() => {
    contentApi
      .collections()
      .then((answer) => setCollections(answer.collections))
      .catch((error: Error) => setStatus({ kind: 'error', message: error.message }));
  }, []);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { collection } = await contentApi.createCollection({ kind, title });
      navigate(`${COLLECTIONS_PATH}/${collection.id}`);
    } catch (error) {
      const failure = saveFailure(error);
      setProblems(failure.problems);
      setStatus({ kind: 'error', message: failure.message });
    }
  };

  return (
    <Panel title="Collections" intro="The site's pages, blogs, events lists and galleries.">
      {can('content:write') ? null : <ReadOnlyNote />}
      <Status status={status} />
      {collections ? (
        <table className="table">
          <caption className="visually-hidden">Collections</caption>
          <thead>
            <tr>
              <th scope="col">Collection</th>
              <th scope="col">Kind</th>
              <th scope="col">Address</th>
              <th scope="col">Who sees it</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {collections.map((collection) => (
              <tr key={collection.id}>
                <td>
                  <Link to={`${COLLECTIONS_PATH}/${collection.id}`}>{collection.title}</Link>
                </td>
                <td>{KIND_LABELS[collection.kind]}</td>
                <td>{collection.url}</td>
                <td>{ACCESS_LABELS[collection.access]}</td>
                <td>{collection.enabled ? 'Enabled' : 'Disabled'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Loading…</p>
      )}
      {can('content:write') ? (
        <form className="form form--inline" onSubmit={create} noValidate>
          <h2>New collection</h2>
          <label className="field">
            Kind
            <select value={kind} onChange={(event) => setKind(event.target.value as NewCollectionKind)}>
              {NEW_COLLECTION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </label>
          <TextField label="Title" name="title" value={title} onChange={setTitle} problem={problems.title} />
          <button type="submit" className="button button--primary">
            Create collection
          </button>
        </form>
      ) : null}
    </Panel>
  );
}
