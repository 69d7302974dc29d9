/**
 * The create-store dialog: the spec's sequence (section 4) from the browser.
 * 1. the product collection, 2. its root category, 3. when asked, the site
 * layout and a navigation update with the new store first, followed by the
 * existing links; no main navigation fails with the spec's message. A step
 * that fails after the first removes the half-made store, so nothing is left.
 */
import { type FormEvent, useRef, useState } from 'react';
import { z } from 'zod';
import { ModalDialog } from '../../hydrate/modal/modal-dialog.tsx';
import { MAIN_NAVIGATION, NO_MAIN_NAVIGATION, ROOT_CATEGORY } from '../../shared/store-creation.ts';
import { CheckboxField, check, focusFirstProblem, type Problems, TextField } from '../form-fields.tsx';
import { ClientApiError, ownerRequest } from '../owner-api.ts';
import { Status } from '../panel.tsx';
import type { NavigationLink, SiteLayout } from './navigation-model.ts';

const storeForm = z.object({
  title: z.string().trim().min(1, 'Enter a title.').max(100, 'At most 100 characters.'),
  description: z.string().trim().max(2_000, 'At most 2,000 characters.'),
});

export interface CreatedStore {
  id: string;
  urlId: string;
  title: string;
}

export function CreateStoreDialog({
  open,
  websiteId,
  onClose,
}: {
  open: boolean;
  websiteId: string;
  onClose(created: CreatedStore | null): void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [addToNavigation, setAddToNavigation] = useState(true);
  const [problems, setProblems] = useState<Problems>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const products = `/api/content-service/product/1.1/websites/${encodeURIComponent(websiteId)}/products`;

  const close = (created: CreatedStore | null) => {
    setTitle('');
    setDescription('');
    setProblems({});
    setStatus(null);
    onClose(created);
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check(storeForm, { title, description });
    if (!checked.ok) {
      setProblems(checked.problems);
      focusFirstProblem(form.current, checked.problems);
      return;
    }
    setProblems({});
    setBusy(true);
    setStatus({ kind: 'ok', message: 'Creating the store…' });
    let store: CreatedStore | undefined;
    try {
      store = await ownerRequest<CreatedStore>(products, {
        method: 'POST',
        body: {
          navigationTitle: checked.value.title,
          title: checked.value.title,
          description: checked.value.description,
          enabled: true,
        },
      });
      await ownerRequest(`${products}/${store.id}/categories`, {
        method: 'POST',
        body: { displayName: checked.value.title.slice(0, 25), ...ROOT_CATEGORY },
      });
      if (addToNavigation) {
        const layouts = await ownerRequest<SiteLayout[]>('/api/commondata/GetSiteLayout');
        const main = layouts.find((layout) => layout.identifier === MAIN_NAVIGATION);
        if (!main) throw new Error(NO_MAIN_NAVIGATION);
        const first: NavigationLink = { collectionId: store.id, externalLink: null, memberAreaId: null, items: [] };
        await ownerRequest('/api/widget/UpdateNavigation', {
          method: 'POST',
          body: { fieldName: main.identifier, navigation: { items: [first, ...main.links] } },
        });
      }
      close(store);
    } catch (error) {
      if (store) await ownerRequest(`${products}/${store.id}`, { method: 'DELETE' }).catch(() => undefined);
      if (error instanceof ClientApiError && error.fields) setProblems(error.fields);
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog open={open} title="Create a store" onClose={() => close(null)} dismissible={!busy}>
      <form ref={form} className="form" noValidate onSubmit={create}>
        <TextField label="Title" name="title" value={title} onChange={setTitle} problem={problems.title} />
        <TextField
          label="Description"
          name="description"
          multiline
          value={description}
          onChange={setDescription}
          problem={problems.description}
        />
        <CheckboxField
          label="Add it to the main navigation"
          name="addToNavigation"
          checked={addToNavigation}
          onChange={setAddToNavigation}
        />
        <Status status={status} />
        <div className="modal-panel__actions">
          <button type="button" className="button" onClick={() => close(null)} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            Create store
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
