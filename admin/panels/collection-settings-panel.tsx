/**
 * A collection's settings (issue 23): its title and navigation title, URL
 * slug (the spec's url-slug filter applied as it is typed, refused with
 * '{val} is not a valid page URL'), description, page settings (the title
 * and description search engines and shared links show, a social image),
 * who may see it (everyone, a password, or members), enabled or not; and
 * its history.
 */
import { useCallback, useEffect, useState } from 'react';
import { ACCESS_KINDS, type AccessKind, collectionSettingsSchema } from '../../shared/content-schemas.ts';
import { TEXT_FILTERS } from '../../shared/url-slug.ts';
import { contentApi, type Library, type OwnerCollection } from '../content/content-api.ts';
import { HistoryList } from '../content/history-list.tsx';
import { ImagePicker } from '../content/image-picker.tsx';
import { saveFailure } from '../content/save-outcome.ts';
import { CheckboxField, check, type Problems, TextField } from '../form-fields.tsx';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';
import { COLLECTIONS_PATH, KIND_LABELS } from './collections-panel.tsx';
import { ITEM_PANELS } from './items-panel.tsx';
import { PAGES_PATH } from './pages-panel.tsx';

const ACCESS_LABELS: Readonly<Record<AccessKind, string>> = {
  public: 'Everyone',
  password: 'Visitors with the password',
  members: 'Members of this member area',
};

type Settings = Omit<ReturnType<typeof settingsOf>, never>;

function settingsOf(collection: OwnerCollection) {
  return {
    title: collection.title,
    navigationTitle: collection.navigationTitle,
    urlId: collection.urlId,
    description: collection.description,
    seoTitle: collection.seoTitle,
    seoDescription: collection.seoDescription,
    socialImageId: collection.socialImageId,
    access: collection.access as AccessKind,
    password: '',
    enabled: collection.enabled,
  };
}

/** Where the collection's content is edited. */
function contentLink(collection: OwnerCollection): string | undefined {
  if (collection.kind === 'page') return `${PAGES_PATH}/${collection.id}`;
  if (collection.kind === 'blog' || collection.kind === 'events') {
    return `${ITEM_PANELS[collection.kind].path}?collection=${collection.id}`;
  }
  return collection.kind === 'gallery' ? '/config/gallery' : undefined;
}

export function CollectionSettingsPanel({ id }: { id: string }) {
  const { can } = useSession();
  const writable = can('content:write');
  const [collection, setCollection] = useState<OwnerCollection | null>(null);
  const [library, setLibrary] = useState<Library | null>(null);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);

  const show = useCallback((found: OwnerCollection) => {
    setCollection(found);
    setSettings(settingsOf(found));
  }, []);
  useEffect(() => {
    Promise.all([contentApi.collection(id), contentApi.library()])
      .then(([answer, lib]) => {
        show(answer.collection);
        setLibrary(lib);
      })
      .catch((error: Error) => setStatus({ kind: 'error', message: error.message }));
  }, [id, show]);
  const onHistoryError = useCallback((message: string) => setStatus({ kind: 'error', message }), []);

  if (!collection || !settings || !library) {
    return (
      <Panel title="Collection settings">
        <Status status={status} />
        <p>Loading…</p>
      </Panel>
    );
  }
  const set = (change: Partial<Settings>) => setSettings({ ...settings, ...change });
  const save = async () => {
    const body = { ...settings, baseRevision: collection.revision };
    const checked = check(collectionSettingsSchema, body);
    if (!checked.ok) {
      setProblems(checked.problems);
      setStatus({ kind: 'error', message: 'Please check the highlighted fields.' });
      return;
    }
    try {
      show((await contentApi.saveSettings(collection.id, body)).collection);
      setProblems({});
      setStatus({ kind: 'ok', message: 'The settings are saved.' });
    } catch (error) {
      const failure = saveFailure(error);
      setProblems(failure.problems);
      setStatus({ kind: 'error', message: failure.message });
    }
  };
  const edit = contentLink(collection);
  return (
    <Panel title={`Settings: ${collection.title}`}>
      <p>
        <Link to={COLLECTIONS_PATH}>All collections</Link> · {KIND_LABELS[collection.kind]} at{' '}
        <code>{collection.url}</code>
        {edit ? (
          <>
            {' '}
            · <Link to={edit}>Edit its content</Link>
          </>
        ) : null}
      </p>
      {writable ? null : <ReadOnlyNote />}
      <Status status={status} />
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <fieldset disabled={!writable}>
          <legend className="visually-hidden">Settings</legend>
          <TextField
            label="Title"
            name="title"
            value={settings.title}
            onChange={(title) => set({ title })}
            problem={problems.title}
          />
          <TextField
            label="Navigation title"
            name="navigationTitle"
            value={settings.navigationTitle}
            onChange={(navigationTitle) => set({ navigationTitle })}
            problem={problems.navigationTitle}
          />
          <TextField
            label="URL slug"
            name="urlId"
            hint="Letters, digits and hyphens: the page's address after the site's."
            value={settings.urlId}
            onChange={(typed) => set({ urlId: TEXT_FILTERS['url-slug'](typed) })}
            problem={problems.urlId}
          />
          <TextField
            label="Description"
            name="description"
            multiline
            value={settings.description}
            onChange={(description) => set({ description })}
            problem={problems.description}
          />
          <fieldset>
            <legend>Page settings</legend>
            <TextField
              label="Search engine title"
              name="seoTitle"
              value={settings.seoTitle}
              onChange={(seoTitle) => set({ seoTitle })}
              problem={problems.seoTitle}
            />
            <TextField
              label="Search engine description"
              name="seoDescription"
              multiline
              value={settings.seoDescription}
              onChange={(seoDescription) => set({ seoDescription })}
              problem={problems.seoDescription}
            />
            <ImagePicker
              label="Social sharing image"
              optional
              images={library.images}
              value={settings.socialImageId}
              onChange={(socialImageId) => set({ socialImageId })}
              problem={problems.socialImageId}
              onUploaded={(image) => setLibrary({ ...library, images: [image, ...library.images] })}
            />
          </fieldset>
          <fieldset>
            <legend>Who may see it</legend>
            {ACCESS_KINDS.map((access) => (
              <label key={access} className="field field--checkbox">
                <input
                  type="radio"
                  name="access"
                  checked={settings.access === access}
                  onChange={() => set({ access })}
                />
                {ACCESS_LABELS[access]}
              </label>
            ))}
            {settings.access === 'password' ? (
              <TextField
                label={collection.hasPassword ? 'New password (empty keeps the current one)' : 'Password'}
                name="password"
                type="password"
                autoComplete="new-password"
                value={settings.password}
                onChange={(password) => set({ password })}
                problem={problems.password}
              />
            ) : null}
          </fieldset>
          <CheckboxField
            label="Enabled (shown on the site)"
            name="enabled"
            checked={settings.enabled}
            onChange={(enabled) => set({ enabled })}
          />
          <button type="submit" className="button button--primary">
            Save settings
          </button>
        </fieldset>
      </form>
      <HistoryList
        kind="collection"
        id={collection.id}
        current={collection.revision}
        canWrite={writable}
        onRestored={(answer) => {
          if (!answer.collection) return;
          show(answer.collection);
          setStatus({ kind: 'ok', message: 'The version is restored.' });
        }}
        onError={onHistoryError}
      />
    </Panel>
  );
}
