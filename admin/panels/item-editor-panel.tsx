/**
 * A post's or an event's editor (issue 23): title, URL slug (the url-slug
 * filter applied as it is typed), the body and excerpt in the rich-text
 * editor, categories and tags (spec section 5's limits), the main image
 * from the site's pictures, publishing (draft, now, or at a date), and a
 * post's author and comments or an event's start, end and place on the
 * map. The live preview shows the item's page with what is typed, unsaved;
 * the history restores an earlier version.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  eventInputSchema,
  type LocationInput,
  type PublicationState,
  postInputSchema,
} from '../../shared/content-schemas.ts';
import { TEXT_FILTERS } from '../../shared/url-slug.ts';
import { contentApi, type Library, type OwnerItem } from '../content/content-api.ts';
import { HistoryList } from '../content/history-list.tsx';
import { ImagePicker } from '../content/image-picker.tsx';
import { LivePreview } from '../content/live-preview.tsx';
import { LocationFields } from '../content/location-fields.tsx';
import { RichTextField } from '../content/rich-text-field.tsx';
import { saveFailure } from '../content/save-outcome.ts';
import { CheckboxField, check, type Problems, TextField } from '../form-fields.tsx';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { Link, useRouter } from '../router.tsx';
import { useSession } from '../session.tsx';
import { ITEM_PANELS, type ItemPanelKind } from './items-panel.tsx';

interface Draft {
  title: string;
  urlId: string;
  body: string;
  excerpt: string;
  authorId: string | null;
  categories: string;
  tags: string;
  mainImageId: string | null;
  publication: PublicationState;
  /** datetime-local text, in the browser's time zone. */
  publishAt: string;
  commentsEnabled: boolean;
  startDate: string;
  endDate: string;
  location: LocationInput;
}

/** An instant as a datetime-local field shows it, in the browser's time zone, to the second. */
export function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

const isoOf = (local: string) =>
  local === '' || Number.isNaN(Date.parse(local)) ? local : new Date(local).toISOString();
const listOf = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

function draftOf(item: OwnerItem | null, defaultAuthor: string | null): Draft {
  return {
    title: item?.title ?? '',
    urlId: item?.urlId ?? '',
    body: item?.body ?? '',
    excerpt: item?.excerpt ?? '',
    authorId: item ? item.authorId : defaultAuthor,
    categories: item?.categories.join(', ') ?? '',
    tags: item?.tags.join(', ') ?? '',
    mainImageId: item?.mainImageId ?? null,
    publication: item ? (item.status === 'draft' ? 'draft' : item.status) : 'draft',
    publishAt: item?.status === 'scheduled' ? localInput(item.publishOn) : '',
    commentsEnabled: item?.commentsEnabled ?? true,
    startDate: localInput(item?.startDate ?? null),
    endDate: localInput(item?.endDate ?? null),
    location: { addressTitle: '', addressLine1: '', mapLat: 0, mapLng: 0, ...(item?.location ?? {}) } as LocationInput,
  };
}

/** The call's body for the collection's kind. */
function valuesOf(kind: ItemPanelKind, draft: Draft) {
  const common = {
    title: draft.title,
    urlId: draft.urlId,
    body: draft.body,
    excerpt: draft.excerpt,
    categories: listOf(draft.categories),
    tags: listOf(draft.tags),
    mainImageId: draft.mainImageId,
    publication: draft.publication,
    publishAt: draft.publication === 'scheduled' ? isoOf(draft.publishAt) : null,
  };
  return kind === 'blog'
    ? { ...common, authorId: draft.authorId, commentsEnabled: draft.commentsEnabled }
    : { ...common, startDate: isoOf(draft.startDate), endDate: isoOf(draft.endDate), location: draft.location };
}

/** A list field's first problem ('tags.2' is shown under Tags). */
const firstUnder = (problems: Problems, field: string) =>
  Object.entries(problems).find(([key]) => key === field || key.startsWith(`${field}.`))?.[1];

export function ItemEditorPanel({ kind, itemId }: { kind: ItemPanelKind; itemId: string | 'new' }) {
  const { can, session } = useSession();
  const { navigate } = useRouter();
  const writable = can('content:write');
  const panel = ITEM_PANELS[kind];
  const collectionFromUrl = new URLSearchParams(window.location.search).get('collection');
  const [item, setItem] = useState<OwnerItem | null>(null);
  const [collectionId, setCollectionId] = useState<string | null>(itemId === 'new' ? collectionFromUrl : null);
  const [library, setLibrary] = useState<Library | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);

  useEffect(() => {
    const loadItem = itemId === 'new' ? Promise.resolve(null) : contentApi.item(itemId).then((answer) => answer.item);
    Promise.all([loadItem, contentApi.library()])
      .then(([found, lib]) => {
        setItem(found);
        if (found) setCollectionId(found.collectionId);
        setLibrary(lib);
        setDraft(draftOf(found, session?.contributor.id ?? null));
      })
      .catch((error: Error) => setStatus({ kind: 'error', message: error.message }));
  }, [itemId, session]);
  const onHistoryError = useCallback((message: string) => setStatus({ kind: 'error', message }), []);
  const values = useMemo(() => (draft ? valuesOf(kind, draft) : null), [kind, draft]);

  if (!draft || !library || !collectionId || !values) {
    return (
      <Panel title={itemId === 'new' ? `New ${panel.one}` : panel.title}>
        <Status status={status} />
        <p>Loading…</p>
      </Panel>
    );
  }
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const schema = kind === 'blog' ? postInputSchema : eventInputSchema;

  const save = async () => {
    const checked = check(schema, values);
    if (!checked.ok) {
      setProblems(checked.problems);
      setStatus({ kind: 'error', message: 'Please check the highlighted fields.' });
      return;
    }
    try {
      const answer = item
        ? await contentApi.saveItem(item.id, { ...values, baseRevision: item.revision })
        : await contentApi.createItem(collectionId, values);
      setItem(answer.item);
      setDraft(draftOf(answer.item, null));
      setProblems({});
      const state = { draft: 'saved as a draft', scheduled: 'scheduled', published: 'published' }[answer.item.status];
      setStatus({ kind: 'ok', message: `The ${panel.one} is ${state}.` });
      if (!item) navigate(`${panel.path}/${answer.item.id}`);
    } catch (error) {
      const failure = saveFailure(error);
      setProblems(failure.problems);
      setStatus({ kind: 'error', message: failure.message });
    }
  };

  const remove = async () => {
    if (!item || !window.confirm(`Remove this ${panel.one}? It cannot be restored.`)) return;
    try {
      await contentApi.removeItem(item.id, item.revision);
      navigate(`${panel.path}?collection=${collectionId}`);
    } catch (error) {
      setStatus({ kind: 'error', message: saveFailure(error).message });
    }
  };

  return (
    <Panel title={item ? `${kind === 'blog' ? 'Post' : 'Event'}: ${item.title}` : `New ${panel.one}`}>
      <p>
        <Link to={`${panel.path}?collection=${collectionId}`}>All {panel.title.toLowerCase()}</Link>
        {item && item.status === 'published' ? (
          <>
            {' '}
            · <a href={item.url}>View on the site</a>
          </>
        ) : null}
      </p>
      {writable ? null : <ReadOnlyNote />}
      <Status status={status} />
      <div className="editor-layout">
        <form
          className="form editor-layout__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <fieldset disabled={!writable}>
            <legend className="visually-hidden">{panel.one}</legend>
            <TextField
              label="Title"
              name="title"
              value={draft.title}
              onChange={(title) => set({ title })}
              problem={problems.title}
            />
            <TextField
              label="URL slug"
              name="urlId"
              value={draft.urlId}
              hint="Letters, digits and hyphens; made from the title when left empty."
              onChange={(typed) => set({ urlId: TEXT_FILTERS['url-slug'](typed) })}
              problem={problems.urlId}
            />
            <RichTextField
              label="Body"
              value={draft.body}
              onChange={(body) => set({ body })}
              problem={problems.body}
              disabled={!writable}
            />
            <RichTextField
              label="Excerpt"
              value={draft.excerpt}
              onChange={(excerpt) => set({ excerpt })}
              problem={problems.excerpt}
              disabled={!writable}
            />
            {kind === 'blog' ? (
              <label className="field">
                Author
                <select
                  value={draft.authorId ?? ''}
                  onChange={(event) => set({ authorId: event.target.value || null })}
                >
                  <option value="">No author</option>
                  {library.authors.map((author) => (
                    <option key={author.id} value={author.id}>
                      {author.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <TextField
              label="Categories"
              name="categories"
              hint="Separated by commas; each at most 25 characters."
              value={draft.categories}
              onChange={(categories) => set({ categories })}
              problem={firstUnder(problems, 'categories')}
            />
            <TextField
              label="Tags"
              name="tags"
              hint="Separated by commas; each at most 50 characters."
              value={draft.tags}
              onChange={(tags) => set({ tags })}
              problem={firstUnder(problems, 'tags')}
            />
            <ImagePicker
              label="Main image"
              optional
              images={library.images}
              value={draft.mainImageId}
              onChange={(mainImageId) => set({ mainImageId })}
              problem={problems.mainImageId}
              onUploaded={(image) => setLibrary({ ...library, images: [image, ...library.images] })}
            />
            {kind === 'events' ? (
              <>
                <TextField
                  label="Starts"
                  name="startDate"
                  type="datetime-local"
                  value={draft.startDate}
                  onChange={(startDate) => set({ startDate })}
                  problem={problems.startDate}
                />
                <TextField
                  label="Ends"
                  name="endDate"
                  type="datetime-local"
                  value={draft.endDate}
                  onChange={(endDate) => set({ endDate })}
                  problem={problems.endDate}
                />
                <LocationFields
                  value={draft.location}
                  onChange={(location) => set({ location })}
                  problems={problems}
                  prefix="location."
                />
              </>
            ) : (
              <CheckboxField
                label="Comments on"
                name="commentsEnabled"
                checked={draft.commentsEnabled}
                onChange={(commentsEnabled) => set({ commentsEnabled })}
              />
            )}
            <fieldset>
              <legend>Publishing</legend>
              {(
                [
                  ['draft', 'Draft'],
                  ['published', 'Publish now'],
                  ['scheduled', 'Publish at a date'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="field field--checkbox">
                  <input
                    type="radio"
                    name="publication"
                    value={value}
                    checked={draft.publication === value}
                    onChange={() => set({ publication: value })}
                  />
                  {label}
                </label>
              ))}
              {draft.publication === 'scheduled' ? (
                <TextField
                  label="Publish at"
                  name="publishAt"
                  type="datetime-local"
                  value={draft.publishAt}
                  onChange={(publishAt) => set({ publishAt })}
                  problem={problems.publishAt}
                />
              ) : null}
            </fieldset>
            <div className="form__actions">
              <button type="submit" className="button button--primary">
                Save {panel.one}
              </button>
              {item ? (
                <button type="button" className="button button--danger" onClick={() => void remove()}>
                  Remove {panel.one}
                </button>
              ) : null}
            </div>
          </fieldset>
          {item ? (
            <HistoryList
              kind="item"
              id={item.id}
              current={item.revision}
              canWrite={writable}
              onRestored={(answer) => {
                if (!answer.item) return;
                setItem(answer.item);
                setDraft(draftOf(answer.item, null));
                setStatus({ kind: 'ok', message: 'The version is restored.' });
              }}
              onError={onHistoryError}
            />
          ) : null}
        </form>
        <LivePreview
          input={{ subject: { kind: 'item', collectionId, itemId: item?.id ?? null, values } }}
          complete={schema.safeParse(values).success}
        />
      </div>
    </Panel>
  );
}
