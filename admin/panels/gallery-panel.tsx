/**
 * Gallery (issue 23): a gallery's pictures in the order the site shows
 * them, rearranged by dragging, or from the keyboard: Space or Enter on a
 * picture's handle picks it up, the arrow keys move it, Space or Enter puts
 * it down (Escape puts it back), and a live region says where it is. The
 * order is saved when it is put down, based on the revision the panel holds.
 * Captions are edited in place; pictures are added from the site's images.
 */
import { type DragEvent, type KeyboardEvent, useCallback, useEffect, useState } from 'react';
import { MAX_ORDERED_ITEMS } from '../../shared/content-schemas.ts';
import { contentApi, type Library, type OwnerCollection, type OwnerItem } from '../content/content-api.ts';
import { ImagePicker } from '../content/image-picker.tsx';
import { LivePreview } from '../content/live-preview.tsx';
import { saveFailure } from '../content/save-outcome.ts';
import { type Problems, TextField } from '../form-fields.tsx';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { useSession } from '../session.tsx';

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

function CaptionForm({
  item,
  onSaved,
  onFailed,
}: {
  item: OwnerItem;
  onSaved(item: OwnerItem): void;
  onFailed(error: unknown): void;
}) {
  const [caption, setCaption] = useState(item.caption);
  return (
    <form
      className="form form--inline"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        contentApi
          .saveItem(item.id, { baseRevision: item.revision, title: item.title, caption, mainImageId: item.mainImageId })
          .then((answer) => onSaved(answer.item))
          .catch(onFailed);
      }}
    >
      <TextField label={`Caption of ${item.title}`} name="caption" value={caption} onChange={setCaption} />
      <button type="submit" className="button">
        Save caption
      </button>
    </form>
  );
}

export function GalleryPanel() {
  const { can } = useSession();
  const writable = can('content:write');
  const [galleries, setGalleries] = useState<OwnerCollection[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [gallery, setGallery] = useState<OwnerCollection | null>(null);
  const [items, setItems] = useState<OwnerItem[]>([]);
  const [library, setLibrary] = useState<Library | null>(null);
  const [grabbed, setGrabbed] = useState<{ id: string; from: number } | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const [adding, setAdding] = useState<{ title: string; caption: string; imageId: string | null }>({
    title: '',
    caption: '',
    imageId: null,
  });
  const [problems, setProblems] = useState<Problems>({});
  const [saves, setSaves] = useState(0);

  useEffect(() => {
    Promise.all([contentApi.collections(), contentApi.library()])
      .then(([{ collections }, lib]) => {
        const mine = collections.filter((c) => c.kind === 'gallery');
        setGalleries(mine);
        setChosen(mine[0]?.id ?? null);
        setLibrary(lib);
      })
      .catch((error: Error) => setStatus({ kind: 'error', message: error.message }));
  }, []);
  const load = useCallback(async (id: string) => {
    const answer = await contentApi.items(id);
    setGallery(answer.collection);
    setItems(answer.items);
  }, []);
  useEffect(() => {
    if (chosen) load(chosen).catch((error: Error) => setStatus({ kind: 'error', message: error.message }));
  }, [chosen, load]);

  const fail = (error: unknown) => {
    const failure = saveFailure(error);
    setProblems(failure.problems);
    setStatus({ kind: 'error', message: failure.message });
  };

  const saveOrder = async (order: OwnerItem[]) => {
    if (!gallery) return;
    try {
      const answer = await contentApi.reorder(
        gallery.id,
        gallery.revision,
        order.map((item) => item.id),
      );
      setGallery(answer.collection);
      setStatus({ kind: 'ok', message: 'The new order is saved.' });
      setSaves((n) => n + 1);
    } catch (error) {
      fail(error);
      if (chosen) await load(chosen);
    }
  };

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const item = items[index]!;
    const key = event.key;
    if (key === ' ' || key === 'Enter') {
      event.preventDefault();
      if (!grabbed) {
        setGrabbed({ id: item.id, from: index });
        setAnnouncement(
          `${item.title} picked up, place ${index + 1} of ${items.length}. Arrow keys move it, Space puts it down.`,
        );
      } else {
        setGrabbed(null);
        setAnnouncement(`${item.title} put down at place ${index + 1} of ${items.length}.`);
        if (grabbed.from !== index) void saveOrder(items);
      }
      return;
    }
    if (!grabbed) return;
    if (key === 'Escape') {
      event.preventDefault();
      const back = moved(items, index, grabbed.from);
      setItems(back);
      setGrabbed(null);
      setAnnouncement(`${item.title} put back at place ${grabbed.from + 1}.`);
      focusHandle(grabbed.from);
      return;
    }
    const to =
      key === 'ArrowUp' || key === 'ArrowLeft'
        ? index - 1
        : key === 'ArrowDown' || key === 'ArrowRight'
          ? index + 1
          : -2;
    if (to === -2) return;
    event.preventDefault();
    if (to < 0 || to >= items.length) return;
    setItems(moved(items, index, to));
    setAnnouncement(`${item.title}, place ${to + 1} of ${items.length}.`);
    focusHandle(to);
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged === null || dragged === index) return;
    const order = moved(items, dragged, index);
    setItems(order);
    setDragged(null);
    setAnnouncement(`${items[dragged]!.title} moved to place ${index + 1} of ${items.length}.`);
    void saveOrder(order);
  };

  const add = async () => {
    if (!gallery) return;
    try {
      await contentApi.createItem(gallery.id, {
        title: adding.title,
        caption: adding.caption,
        mainImageId: adding.imageId ?? '',
      });
      setAdding({ title: '', caption: '', imageId: null });
      setProblems({});
      await load(gallery.id);
      setStatus({ kind: 'ok', message: 'The picture is added.' });
      setSaves((n) => n + 1);
    } catch (error) {
      fail(error);
    }
  };

  const remove = async (item: OwnerItem) => {
    if (!gallery || !window.confirm(`Remove ${item.title} from the gallery?`)) return;
    try {
      await contentApi.removeItem(item.id, item.revision);
      await load(gallery.id);
      setStatus({ kind: 'ok', message: 'The picture is removed.' });
      setSaves((n) => n + 1);
    } catch (error) {
      fail(error);
    }
  };

  const imageOf = (item: OwnerItem) => library?.images.find((image) => image.id === item.mainImageId);
  return (
    <Panel
      title="Gallery"
      intro="Drag a picture, or use its handle from the keyboard, to change the order the site shows."
    >
      {writable ? null : <ReadOnlyNote />}
      <Status status={status} />
      <p className="visually-hidden" aria-live="assertive">
        {announcement}
      </p>
      {galleries.length > 1 ? (
        <label className="field">
          Gallery
          <select value={chosen ?? ''} onChange={(event) => setChosen(event.target.value)}>
            {galleries.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="editor-layout">
        <div className="editor-layout__form">
          <ol className="gallery-order" aria-label="Pictures in order">
            {items.map((item, index) => {
              const image = imageOf(item);
              return (
                <li
                  key={item.id}
                  className={`gallery-order__item${grabbed?.id === item.id ? ' gallery-order__item--grabbed' : ''}`}
                  draggable={writable}
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    setDragged(index);
                  }}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => onDrop(event, index)}
                >
                  {writable ? (
                    <button
                      type="button"
                      className="button gallery-order__handle"
                      data-handle-index={index}
                      aria-pressed={grabbed?.id === item.id}
                      aria-label={`Move ${item.title}, place ${index + 1} of ${items.length}`}
                      onKeyDown={(event) => onHandleKey(event, index)}
                    >
                      ↕
                    </button>
                  ) : null}
                  {image ? <img src={image.assetUrl} alt="" width={64} height={64} /> : null}
                  <div>
                    <strong>{item.title}</strong>
                    {writable ? (
                      <CaptionForm
                        key={`${item.id}-${item.revision}`}
                        item={item}
                        onSaved={(saved) => {
                          setItems(items.map((old) => (old.id === saved.id ? saved : old)));
                          setStatus({ kind: 'ok', message: 'The caption is saved.' });
                          setSaves((n) => n + 1);
                        }}
                        onFailed={fail}
                      />
                    ) : (
                      <p>{item.caption}</p>
                    )}
                    {writable ? (
                      <button type="button" className="button button--danger" onClick={() => void remove(item)}>
                        Remove {item.title}
                      </button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
          {writable && library && gallery && items.length < MAX_ORDERED_ITEMS ? (
            <form
              className="form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void add();
              }}
            >
              <h2>Add a picture</h2>
              <TextField
                label="Title"
                name="title"
                value={adding.title}
                onChange={(title) => setAdding({ ...adding, title })}
                problem={problems.title}
              />
              <TextField
                label="Caption"
                name="caption"
                value={adding.caption}
                onChange={(caption) => setAdding({ ...adding, caption })}
                problem={problems.caption}
              />
              <ImagePicker
                label="Picture"
                images={library.images}
                value={adding.imageId}
                onChange={(imageId) => setAdding({ ...adding, imageId })}
                problem={problems.mainImageId}
                onUploaded={(image) => setLibrary({ ...library, images: [image, ...library.images] })}
              />
              <button type="submit" className="button button--primary">
                Add picture
              </button>
            </form>
          ) : null}
        </div>
        {gallery ? <LivePreview input={{ subject: { kind: 'site', path: gallery.url } }} refresh={saves} /> : null}
      </div>
    </Panel>
  );
}

/** After a keyboard move the moved picture's handle keeps the focus, at its new place. */
function focusHandle(index: number): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-handle-index="${index}"]`)?.focus());
}
