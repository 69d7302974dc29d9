/**
 * Posts and Events (issue 23): a blog's posts or an events list's events,
 * drafts and scheduled ones included, each opening its editor; a new one.
 * A site with more than one blog (or events list) picks which.
 */
import { useEffect, useState } from 'react';
import { contentApi, type OwnerCollection, type OwnerItem } from '../content/content-api.ts';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { CONFIG_PATH, Link } from '../router.tsx';
import { useSession } from '../session.tsx';

export type ItemPanelKind = 'blog' | 'events';

export const ITEM_PANELS: Readonly<Record<ItemPanelKind, { path: string; title: string; one: string }>> = {
  blog: { path: `${CONFIG_PATH}/posts`, title: 'Posts', one: 'post' },
  events: { path: `${CONFIG_PATH}/events`, title: 'Events', one: 'event' },
};

const STATE_LABELS: Readonly<Record<OwnerItem['status'], string>> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

export const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '';

export function ItemsPanel({ kind }: { kind: ItemPanelKind }) {
  const { can } = useSession();
  const panel = ITEM_PANELS[kind];
  const [collections, setCollections] = useState<OwnerCollection[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [items, setItems] = useState<OwnerItem[] | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);

  useEffect(() => {
    contentApi
      .collections()
      .then(({ collections: all }) => {
        const mine = all.filter((c) => c.kind === kind);
        setCollections(mine);
        const asked = new URLSearchParams(window.location.search).get('collection');
        setChosen(mine.find((c) => c.id === asked)?.id ?? mine[0]?.id ?? null);
      })
      .catch((error: Error) => setStatus({ kind: 'error', message: error.message }));
  }, [kind]);
  useEffect(() => {
    if (!chosen) return;
    setItems(null);
    contentApi
      .items(chosen)
      .then((answer) => setItems(answer.items))
      .catch((error: Error) => setStatus({ kind: 'error', message: error.message }));
  }, [chosen]);

  return (
    <Panel title={panel.title}>
      {can('content:write') ? null : <ReadOnlyNote />}
      <Status status={status} />
      {collections.length > 1 ? (
        <label className="field">
          {kind === 'blog' ? 'Blog' : 'Events list'}
          <select value={chosen ?? ''} onChange={(event) => setChosen(event.target.value)}>
            {collections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {collections.length === 0 ? <p>The site has none yet; make one in Collections.</p> : null}
      {chosen && can('content:write') ? (
        <p>
          <Link className="button button--primary" to={`${panel.path}/new?collection=${chosen}`}>
            New {panel.one}
          </Link>
        </p>
      ) : null}
      {items ? (
        <table className="table">
          <caption className="visually-hidden">{panel.title}</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">State</th>
              <th scope="col">{kind === 'events' ? 'Starts' : 'Date'}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>
                  <Link to={`${panel.path}/${item.id}`}>{item.title}</Link>
                </td>
                <td>{STATE_LABELS[item.status]}</td>
                <td>{when(kind === 'events' ? item.startDate : item.publishOn)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : chosen ? (
        <p>Loading…</p>
      ) : null}
    </Panel>
  );
}
