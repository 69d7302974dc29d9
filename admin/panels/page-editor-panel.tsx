/**
 * A page's block editor (issue 23): the blocks in order, each edited,
 * moved (the Move up and Move down buttons, or Alt+Arrow keys on the block)
 * and removed; a new block of any kind the template renders; publishing
 * the page; its history; and the live preview of the page as it would look
 * with the block being edited, unsaved. Every change is saved on its own,
 * based on the revision the editor holds, so another owner's save in
 * between is reported (409) rather than overwritten.
 */
import { type KeyboardEvent, useCallback, useEffect, useState } from 'react';
import {
  BLOCK_TYPE_LABELS,
  type BlockTypeNumber,
  editBlockSchema,
  type PageBlockInput,
} from '../../shared/content-schemas.ts';
import { BlockFields, blockSummary, newBlock } from '../content/block-fields.tsx';
import { contentApi, type Library, type OwnerCollection } from '../content/content-api.ts';
import { HistoryList } from '../content/history-list.tsx';
import { LivePreview } from '../content/live-preview.tsx';
import { saveFailure } from '../content/save-outcome.ts';
import { check, type Problems } from '../form-fields.tsx';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';
import { PAGES_PATH } from './pages-panel.tsx';

type Editing = { index: number; block: PageBlockInput } | { index: 'new'; at: number; block: PageBlockInput };

const BLOCK_TYPES = Object.keys(BLOCK_TYPE_LABELS).map(Number) as BlockTypeNumber[];

/** The blocks as the page would show them with the block being edited. */
function draftBlocks(saved: readonly PageBlockInput[], editing: Editing | null): PageBlockInput[] {
  if (!editing) return [...saved];
  if (editing.index === 'new') return [...saved.slice(0, editing.at), editing.block, ...saved.slice(editing.at)];
  return saved.map((block, index) => (index === editing.index ? editing.block : block));
}

export function PageEditorPanel({ id }: { id: string }) {
  const { can } = useSession();
  const writable = can('content:write');
  const [page, setPage] = useState<OwnerCollection | null>(null);
  const [library, setLibrary] = useState<Library | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [newType, setNewType] = useState<BlockTypeNumber>(2);
  const [problems, setProblems] = useState<Problems>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const [conflict, setConflict] = useState(false);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);

  const load = useCallback(async () => {
    const [{ collection }, found] = await Promise.all([contentApi.collection(id), contentApi.library()]);
    setPage(collection);
    setLibrary(found);
    setConflict(false);
  }, [id]);
  useEffect(() => {
    load().catch((error: Error) => setStatus({ kind: 'error', message: error.message }));
  }, [load]);
  useEffect(() => {
    if (focusAfter) document.querySelector<HTMLElement>(`[data-focus-key="${focusAfter}"]`)?.focus();
  }, [focusAfter]);
  const fail = useCallback((error: unknown) => {
    const failure = saveFailure(error);
    setProblems(failure.problems);
    setConflict(failure.conflict);
    setStatus({ kind: 'error', message: failure.message });
  }, []);
  const onHistoryError = useCallback((message: string) => setStatus({ kind: 'error', message }), []);

  if (!page || !library) {
    return (
      <Panel title="Page">
        <Status status={status} />
        <p>Loading…</p>
      </Panel>
    );
  }
  const blocks = page.blocks ?? [];

  const saved = (collection: OwnerCollection, message: string) => {
    setPage(collection);
    setProblems({});
    setStatus({ kind: 'ok', message });
  };

  const saveBlock = async () => {
    if (!editing) return;
    const checked = check(editBlockSchema, { baseRevision: page.revision, block: editing.block });
    if (!checked.ok) {
      setProblems(checked.problems);
      setStatus({ kind: 'error', message: 'Please check the highlighted fields.' });
      return;
    }
    try {
      const answer =
        editing.index === 'new'
          ? await contentApi.addBlock(page.id, page.revision, editing.block, editing.at)
          : await contentApi.editBlock(page.id, page.revision, editing.index, editing.block);
      const at = editing.index === 'new' ? editing.at : editing.index;
      setEditing(null);
      saved(answer.collection, editing.index === 'new' ? 'Block added.' : 'Block saved.');
      setFocusAfter(`edit-${at}-${answer.collection.revision}`);
    } catch (error) {
      fail(error);
    }
  };

  const move = async (index: number, to: number) => {
    if (to < 0 || to >= blocks.length || editing) return;
    try {
      const answer = await contentApi.moveBlock(page.id, page.revision, index, to);
      saved(answer.collection, `Block moved to place ${to + 1} of ${blocks.length}.`);
      // The moved block's Edit button, always there to press again (its Move up may now be disabled).
      setFocusAfter(`edit-${to}-${answer.collection.revision}`);
    } catch (error) {
      fail(error);
    }
  };

  const remove = async (index: number) => {
    if (!window.confirm(`Remove block ${index + 1} from the page?`)) return;
    try {
      saved((await contentApi.removeBlock(page.id, page.revision, index)).collection, 'Block removed.');
    } catch (error) {
      fail(error);
    }
  };

  const publish = async (enabled: boolean) => {
    try {
      const answer = await contentApi.setEnabled(page.id, page.revision, enabled);
      saved(answer.collection, enabled ? 'The page is published.' : 'The page is no longer published.');
    } catch (error) {
      fail(error);
    }
  };

  const onBlockKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    void move(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  };

  const r = page.revision;
  return (
    <Panel title={`Page: ${page.title}`}>
      <p>
        <Link to={PAGES_PATH}>All pages</Link> · {page.enabled ? 'Published' : 'Draft'} at <code>{page.url}</code>
        {page.enabled ? (
          <>
            {' '}
            · <a href={page.url}>View page</a>
          </>
        ) : null}
      </p>
      {writable ? null : <ReadOnlyNote />}
      <Status status={status} />
      {conflict ? (
        <button type="button" className="button" onClick={() => void load()}>
          Reload the page as saved
        </button>
      ) : null}
      {writable && !page.isHome ? (
        <button type="button" className="button button--primary" onClick={() => void publish(!page.enabled)}>
          {page.enabled ? 'Unpublish page' : 'Publish page'}
        </button>
      ) : null}
      <div className="editor-layout">
        <div className="editor-layout__form">
          <h2 id="blocks-heading">Blocks</h2>
          {writable ? <p className="note">Alt+Up and Alt+Down on a block move it.</p> : null}
          <ol className="block-list" aria-labelledby="blocks-heading">
            {blocks.map((block, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a block's place is its identity within a revision.
                key={`${index}-${r}`}
                className="block-list__item"
                onKeyDown={(event) => writable && onBlockKey(event, index)}
              >
                <span>
                  <strong>{BLOCK_TYPE_LABELS[block.type]}</strong>: {blockSummary(block, library)}
                </span>
                {writable ? (
                  <span className="block-list__actions">
                    <button
                      type="button"
                      className="button"
                      data-focus-key={`edit-${index}-${r}`}
                      aria-label={`Edit block ${index + 1}`}
                      disabled={editing !== null}
                      onClick={() => {
                        setProblems({});
                        setEditing({ index, block });
                      }}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button"
                      data-focus-key={`up-${index}-${r}`}
                      aria-label={`Move block ${index + 1} up`}
                      disabled={index === 0 || editing !== null}
                      onClick={() => void move(index, index - 1)}
                    >
                      Move up
                    </button>
                    <button
                      type="button"
                      className="button"
                      data-focus-key={`down-${index}-${r}`}
                      aria-label={`Move block ${index + 1} down`}
                      disabled={index === blocks.length - 1 || editing !== null}
                      onClick={() => void move(index, index + 1)}
                    >
                      Move down
                    </button>
                    <button
                      type="button"
                      className="button button--danger"
                      aria-label={`Remove block ${index + 1}`}
                      disabled={editing !== null}
                      onClick={() => void remove(index)}
                    >
                      Remove
                    </button>
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
          {blocks.length === 0 ? <p>This page has no blocks yet.</p> : null}
          {writable && !editing ? (
            <div className="form form--inline">
              <label>
                New block
                <select value={newType} onChange={(event) => setNewType(Number(event.target.value) as BlockTypeNumber)}>
                  {BLOCK_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {BLOCK_TYPE_LABELS[type]}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="button"
                onClick={() => {
                  setProblems({});
                  setEditing({ index: 'new', at: blocks.length, block: newBlock(newType, library) });
                }}
              >
                Add block
              </button>
            </div>
          ) : null}
          {editing ? (
            <form
              className="form block-form"
              aria-label={editing.index === 'new' ? 'New block' : `Block ${editing.index + 1}`}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void saveBlock();
              }}
            >
              <h2>
                {editing.index === 'new'
                  ? `New ${BLOCK_TYPE_LABELS[editing.block.type].toLowerCase()} block`
                  : `${BLOCK_TYPE_LABELS[editing.block.type]} block ${editing.index + 1}`}
              </h2>
              <BlockFields
                block={editing.block}
                onChange={(block) => setEditing({ ...editing, block })}
                library={library}
                problems={problems}
              />
              <div className="form__actions">
                <button type="submit" className="button button--primary">
                  {editing.index === 'new' ? 'Add to page' : 'Save block'}
                </button>
                <button type="button" className="button" onClick={() => setEditing(null)}>
                  Cancel
                </button>
              </div>
            </form>
          ) : null}
          <HistoryList
            kind="collection"
            id={page.id}
            current={page.revision}
            canWrite={writable}
            onRestored={(answer) => answer.collection && saved(answer.collection, 'The version is restored.')}
            onError={onHistoryError}
          />
        </div>
        <LivePreview
          input={{ subject: { kind: 'page', collectionId: page.id, blocks: draftBlocks(blocks, editing) } }}
        />
      </div>
    </Panel>
  );
}
