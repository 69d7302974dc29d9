/**
 * The navigation editor (issue 21): each navigation of the site layout with
 * its links in order; move a link up or down, into the folder above or out
 * of its folder, remove it, add a collection, an external link or a folder,
 * then save (POST /api/widget/UpdateNavigation). Every move is a button, so
 * the keyboard does all of it, and focus stays on the moved link's control.
 * The create-store dialog starts here too.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { ownerRequest } from '../owner-api.ts';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { useSession } from '../session.tsx';
import { type CreatedStore, CreateStoreDialog } from './create-store-dialog.tsx';
import {
  type EditableLink,
  editable,
  intoFolderAbove,
  isFolder,
  move,
  outOfFolder,
  type Place,
  remove,
  type SiteLayout,
  saved,
} from './navigation-model.ts';

interface Collection {
  id: string;
  title: string;
  urlId: string;
  memberOnly: boolean;
}

interface EditableLayout {
  identifier: string;
  title: string;
  links: EditableLink[];
}

function linkLabel(link: EditableLink, collections: ReadonlyMap<string, Collection>): string {
  if (link.collectionId) return collections.get(link.collectionId)?.title ?? 'A collection that no longer exists';
  if (link.memberAreaId) return `${collections.get(link.memberAreaId)?.title ?? 'Member area'} (member area)`;
  if (link.externalLink) return `${link.title || link.externalLink} (${link.externalLink})`;
  return `${link.title ?? 'Folder'} (folder)`;
}

/** The site layout and the collections its links name, as the editor holds them. */
async function fetchEditor(): Promise<{ layouts: EditableLayout[]; collections: Map<string, Collection> }> {
  const [layout, list] = await Promise.all([
    ownerRequest<SiteLayout[]>('/api/commondata/GetSiteLayout'),
    ownerRequest<Collection[]>('/api/owner/collections'),
  ]);
  return {
    layouts: layout.map((l) => ({ identifier: l.identifier, title: l.title, links: l.links.map(editable) })),
    collections: new Map(list.map((c) => [c.id, c])),
  };
}

export function NavigationPanel() {
  const { session, can } = useSession();
  const editableRole = can('navigation:write');
  const [layouts, setLayouts] = useState<EditableLayout[] | null>(null);
  const [collections, setCollections] = useState<Map<string, Collection>>(new Map());
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const [focusKey, setFocusKey] = useState<string | null>(null);

  const load = () =>
    fetchEditor().then(({ layouts, collections }) => {
      setLayouts(layouts);
      setCollections(collections);
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once, when the panel opens.
  useEffect(() => {
    load().catch((error: Error) => setStatus({ kind: 'error', message: error.message }));
  }, []);
  // After a move the moved link's control keeps the focus, wherever the link went.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list drawn again is what the focus must follow.
  useEffect(() => {
    if (focusKey) document.querySelector<HTMLElement>(`[data-link-key="${focusKey}"]`)?.focus();
  }, [focusKey, layouts]);

  const change = (identifier: string, links: EditableLink[], key: string | null) => {
    setLayouts((current) => current?.map((l) => (l.identifier === identifier ? { ...l, links } : l)) ?? null);
    setFocusKey(key);
    setStatus(null);
  };

  const save = async (layout: EditableLayout) => {
    try {
      await ownerRequest('/api/widget/UpdateNavigation', {
        method: 'POST',
        body: { fieldName: layout.identifier, navigation: { items: layout.links.map(saved) } },
      });
      setStatus({ kind: 'ok', message: `${layout.title} saved. The site shows it now.` });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const created = async (store: CreatedStore | null) => {
    setCreating(false);
    if (!store) return;
    await load();
    setStatus({ kind: 'ok', message: `The store ${store.title} is made, at /${store.urlId}.` });
  };

  const row = (layout: EditableLayout, link: EditableLink, place: Place, siblings: number) => {
    const index = place[place.length - 1]!;
    const nested = place.length === 2;
    const above = nested ? undefined : layout.links[index - 1];
    const label = linkLabel(link, collections);
    return (
      <li key={link.key}>
        <span className="nav-editor__label">{label}</span>
        {editableRole ? (
          <span className="nav-editor__actions">
            <button
              type="button"
              className="button"
              data-link-key={link.key}
              aria-label={`Move ${label} up`}
              disabled={index === 0}
              onClick={() => change(layout.identifier, move(layout.links, place, -1), link.key)}
            >
              Up
            </button>
            <button
              type="button"
              className="button"
              aria-label={`Move ${label} down`}
              disabled={index === siblings - 1}
              onClick={() => change(layout.identifier, move(layout.links, place, 1), link.key)}
            >
              Down
            </button>
            {!nested && above && isFolder(above) && !isFolder(link) ? (
              <button
                type="button"
                className="button"
                aria-label={`Move ${label} into the folder ${above.title}`}
                onClick={() => change(layout.identifier, intoFolderAbove(layout.links, index), link.key)}
              >
                Into folder
              </button>
            ) : null}
            {nested ? (
              <button
                type="button"
                className="button"
                aria-label={`Move ${label} out of its folder`}
                onClick={() => change(layout.identifier, outOfFolder(layout.links, place[0], index), link.key)}
              >
                Out of folder
              </button>
            ) : null}
            <button
              type="button"
              className="button"
              aria-label={`Remove ${label}`}
              onClick={() => change(layout.identifier, remove(layout.links, place), null)}
            >
              Remove
            </button>
          </span>
        ) : null}
        {link.items.length > 0 ? (
          <ol>{link.items.map((child, childIndex) => row(layout, child, [index, childIndex], link.items.length))}</ol>
        ) : null}
      </li>
    );
  };

  const add = (layout: EditableLayout, event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const kind = String(data.get('kind'));
    const value = String(data.get('value') ?? '').trim();
    const title = String(data.get('title') ?? '').trim();
    const base = { collectionId: null, externalLink: null, memberAreaId: null, items: [] };
    const collection = collections.get(value);
    let link: EditableLink | undefined;
    if (kind === 'collection' && collection) {
      link = editable(
        collection.memberOnly ? { ...base, memberAreaId: collection.id } : { ...base, collectionId: collection.id },
      );
    } else if (kind === 'link' && /^(https?:\/\/|mailto:|tel:|\/)/i.test(value)) {
      link = editable({ ...base, externalLink: value, title: title || null, newWindow: /^https?:/i.test(value) });
    } else if (kind === 'folder' && title) {
      link = editable({ ...base, title });
    }
    if (!link) {
      setStatus({
        kind: 'error',
        message: 'Choose a collection, give a link starting with https://, mailto:, tel: or /, or name the folder.',
      });
      return;
    }
    change(layout.identifier, [...layout.links, link], link.key);
    event.currentTarget.reset();
  };

  return (
    <Panel title="Navigation" intro="The menus of the site, in the order visitors see them. Save a menu to publish it.">
      {editableRole ? null : <ReadOnlyNote />}
      <Status status={status} />
      {can('store:create') && session ? (
        <>
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            Create a store
          </button>
          <CreateStoreDialog open={creating} websiteId={session.site.id} onClose={(store) => void created(store)} />
        </>
      ) : null}
      {layouts === null ? <p>Loading…</p> : null}
      {layouts?.map((layout) => (
        <section key={layout.identifier} aria-labelledby={`nav-${layout.identifier}`} className="nav-editor">
          <h2 id={`nav-${layout.identifier}`}>
            {layout.title} <span className="note">({layout.identifier})</span>
          </h2>
          {layout.links.length === 0 ? <p>No links yet.</p> : null}
          <ol>{layout.links.map((link, index) => row(layout, link, [index], layout.links.length))}</ol>
          {editableRole ? (
            <>
              <form
                className="form form--inline"
                aria-label={`Add a collection to ${layout.title}`}
                onSubmit={(event) => add(layout, event)}
              >
                <input type="hidden" name="kind" value="collection" />
                <label>
                  Collection{' '}
                  <select name="value" defaultValue="">
                    <option value="" disabled>
                      Choose…
                    </option>
                    {[...collections.values()].map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.title}
                        {c.memberOnly ? ' (member area)' : ''}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" className="button">
                  Add collection
                </button>
              </form>
              <form
                className="form form--inline"
                aria-label={`Add a link to ${layout.title}`}
                onSubmit={(event) => add(layout, event)}
              >
                <input type="hidden" name="kind" value="link" />
                <label>
                  Address <input name="value" type="text" inputMode="url" autoComplete="off" />
                </label>
                <label>
                  Title <input name="title" autoComplete="off" />
                </label>
                <button type="submit" className="button">
                  Add link
                </button>
              </form>
              <form
                className="form form--inline"
                aria-label={`Add a folder to ${layout.title}`}
                onSubmit={(event) => add(layout, event)}
              >
                <input type="hidden" name="kind" value="folder" />
                <label>
                  Folder title <input name="title" autoComplete="off" />
                </label>
                <button type="submit" className="button">
                  Add folder
                </button>
              </form>
              <button type="button" className="button button--primary" onClick={() => void save(layout)}>
                Save {layout.title}
              </button>
            </>
          ) : null}
        </section>
      ))}
    </Panel>
  );
}
