/**
 * The product editor (/config/products/edit?id=… or ?store=…&type=…): a
 * product's name, type, address, visibility, description and summary, its
 * pictures, options and variants, categories and tags, and what its
 * purchase does (button text, subscription, additional-fields form, member
 * area, file to download). The form checks itself with the server's schema
 * (shared/product-input.ts) before sending; the server's own per-field
 * messages land on the same fields.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import {
  DOWNLOAD_DEFAULTS,
  DOWNLOAD_PREFERENCES_NAMESPACE,
  digitalPreviewPath,
} from '../../shared/digital-downloads.ts';
import { formatFileSize } from '../../shared/file-size.ts';
import {
  isSubscribableType,
  type OwnerImage,
  type OwnerProduct,
  PRODUCT_LIMITS,
  PRODUCT_TYPE_LABELS,
  productInputSchema,
} from '../../shared/product-input.ts';
import { checkBeforeUpload, UPLOAD_RULES } from '../../shared/upload-rules.ts';
import { CheckboxField, check, focusFirstProblem, type Problems, TextField } from '../form-fields.tsx';
import { ClientApiError, ownerRequest, ownerUpload } from '../owner-api.ts';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';
import { TagInput } from '../tag-input.tsx';
import {
  blankProduct,
  type EditorProduct,
  editorPath,
  editorProduct,
  PRODUCTS_PANEL_PATH,
  type ProductsListing,
  productInput,
  withDigitalFile,
  withoutDigitalFile,
  withProductType,
} from './product-editor-model.ts';
import { ProductImagesEditor } from './product-images-editor.tsx';
import { ProductVariantsEditor } from './product-variants-editor.tsx';

interface Target {
  itemId: string | null;
  storeId: string | null;
  productType: number;
}

function targetFromLocation(): Target {
  const query = new URLSearchParams(window.location.search);
  const type = Number(query.get('type'));
  return {
    itemId: query.get('id'),
    storeId: query.get('store'),
    productType: Object.values(PRODUCT_TYPES).includes(type as never) ? type : PRODUCT_TYPES.physical,
  };
}

interface Loaded {
  product: EditorProduct;
  itemId: string | null;
  storeId: string;
  fullUrl: string | null;
  choices: ProductsListing;
}

async function load(target: Target): Promise<Loaded> {
  if (target.itemId) {
    const { product } = await ownerRequest<{ product: OwnerProduct }>(
      `/api/owner/products/${encodeURIComponent(target.itemId)}`,
    );
    const choices = await ownerRequest<ProductsListing>(
      `/api/owner/products?collectionId=${encodeURIComponent(product.collectionId)}`,
    );
    return {
      product: editorProduct(product),
      itemId: product.id,
      storeId: product.collectionId,
      fullUrl: product.fullUrl,
      choices,
    };
  }
  const query = target.storeId ? `?collectionId=${encodeURIComponent(target.storeId)}` : '';
  const choices = await ownerRequest<ProductsListing>(`/api/owner/products${query}`);
  if (!choices.storeId) throw new Error('This site has no store to add a product to.');
  return { product: blankProduct(target.productType), itemId: null, storeId: choices.storeId, fullUrl: null, choices };
}

export function ProductEditorPanel() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // The stored name: the heading follows a save, not each keystroke.
  const [savedTitle, setSavedTitle] = useState<string | null>(null);
  useEffect(() => {
    load(targetFromLocation()).then(
      (found) => {
        setLoaded(found);
        if (found.itemId) setSavedTitle(found.product.title);
      },
      (error: Error) => setLoadError(error.message),
    );
  }, []);
  const title = savedTitle === null ? 'New product' : `Edit ${savedTitle}`;
  return (
    <Panel title={loaded ? title : 'Product'}>
      <p>
        <Link to={PRODUCTS_PANEL_PATH}>Back to products</Link>
      </p>
      {loadError ? <p role="alert">{loadError}</p> : null}
      {loaded ? <EditorForm initial={loaded} onSaved={setSavedTitle} /> : loadError ? null : <p>Loading…</p>}
    </Panel>
  );
}

function EditorForm({ initial, onSaved }: { initial: Loaded; onSaved(title: string): void }) {
  const { can } = useSession();
  const editable = can('products:write');
  const canUpload = editable && can('media:write');
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [product, setProduct] = useState(initial.product);
  const [itemId, setItemId] = useState(initial.itemId);
  const [fullUrl, setFullUrl] = useState(initial.fullUrl);
  const [problems, setProblems] = useState<Problems>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The pictures' details as last saved, so only the changed ones are sent.
  const savedImages = useRef(new Map(initial.product.images.map((image) => [image.id, image])));
  const { choices } = initial;
  const currency = choices.currency;
  const schema = productInputSchema(currency);
  const change = (next: Partial<EditorProduct>) => setProduct((current) => ({ ...current, ...next }));

  const saveImageDetails = async (images: readonly OwnerImage[]) => {
    for (const image of images) {
      const saved = savedImages.current.get(image.id);
      if (
        saved &&
        saved.altText === image.altText &&
        saved.focalPoint.x === image.focalPoint.x &&
        saved.focalPoint.y === image.focalPoint.y
      ) {
        continue;
      }
      const answer = await ownerRequest<{ image: OwnerImage }>(
        `/api/owner/media/images/${encodeURIComponent(image.id)}`,
        {
          method: 'PUT',
          body: { altText: image.altText, focalPoint: image.focalPoint },
        },
      );
      savedImages.current.set(image.id, answer.image);
    }
  };

  const save = async () => {
    const input = productInput({ ...product, imageIds: product.images.map((image) => image.id) });
    const checked = check(schema, input);
    if (!checked.ok) {
      setProblems(checked.problems);
      setStatus({ kind: 'error', message: 'Please check the highlighted fields.' });
      focusFirstProblem(form.current, checked.problems);
      return;
    }
    setProblems({});
    setBusy(true);
    setStatus(null);
    try {
      await saveImageDetails(product.images);
      const answer = itemId
        ? await ownerRequest<{ product: OwnerProduct }>(`/api/owner/products/${encodeURIComponent(itemId)}`, {
            method: 'PUT',
            body: checked.value,
          })
        : await ownerRequest<{ product: OwnerProduct }>('/api/owner/products', {
            method: 'POST',
            body: { collectionId: initial.storeId, product: checked.value },
          });
      setProduct(editorProduct(answer.product));
      setFullUrl(answer.product.fullUrl);
      if (!itemId) window.history.replaceState(null, '', editorPath(answer.product.id));
      setItemId(answer.product.id);
      setStatus({ kind: 'ok', message: `${answer.product.title} is saved.` });
      onSaved(answer.product.title);
    } catch (error) {
      if (error instanceof ClientApiError && error.fields) {
        setProblems(error.fields);
        focusFirstProblem(form.current, error.fields);
      }
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  const uploadDigitalFile = async (file: File | undefined) => {
    if (!file) return;
    const refused = checkBeforeUpload('file', file);
    if (refused) {
      setProblems({ ...problems, digitalFileIds: refused });
      return;
    }
    try {
      const answer = await ownerUpload<{ file: { id: string; filename: string; sizeBytes: number } }>(
        '/api/owner/media/files',
        file,
      );
      setProduct((current) => withDigitalFile(current, answer.file));
      setProblems({ ...problems, digitalFileIds: '' });
    } catch (error) {
      setProblems({ ...problems, digitalFileIds: error instanceof Error ? error.message : String(error) });
    }
  };

  const field = (name: 'title' | 'urlId' | 'description' | 'excerpt' | 'customAddButtonText') => ({
    name,
    value: product[name],
    onChange: (value: string) => change({ [name]: value }),
    problem: problems[name],
    disabled: !editable,
  });
  const stocked = isSubscribableType(product.productType);

  return (
    <form
      ref={form}
      className="form product-editor"
      noValidate
      aria-label={itemId ? `Edit ${product.title}` : 'New product'}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {editable ? null : <ReadOnlyNote />}
      <h2>Product</h2>
      <TextField label="Name" {...field('title')} required />
      <div className="field">
        <label htmlFor={`${id}-type`}>Type</label>
        <select
          id={`${id}-type`}
          name="productType"
          value={product.productType}
          disabled={!editable}
          onChange={(event) => setProduct(withProductType(product, Number(event.target.value)))}
        >
          {Object.values(PRODUCT_TYPES).map((type) => (
            <option key={type} value={type}>
              {PRODUCT_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="URL"
        hint="The end of the product page's address. Leave empty to make it from the name."
        {...field('urlId')}
      />
      <CheckboxField
        label="Show on the site"
        name="visible"
        checked={product.visible}
        onChange={(visible) => change({ visible })}
        disabled={!editable}
      />
      <TextField label="Description" hint="The product page's text, as HTML." {...field('description')} multiline />
      <TextField label="Summary" hint="A short text for lists, as HTML." {...field('excerpt')} multiline />

      <ProductImagesEditor
        images={product.images}
        onChange={(images) => change({ images, imageIds: images.map((image) => image.id) })}
        problems={problems}
        disabled={!canUpload}
      />

      <ProductVariantsEditor
        product={product}
        onChange={change}
        problems={problems}
        disabled={!editable}
        currency={currency}
      />

      <h2>Organization</h2>
      <TagInput
        tagType="category"
        label="Categories"
        name="categories"
        values={product.categories}
        suggestions={choices.categories}
        onChange={(categories) => change({ categories })}
        problem={firstProblem(problems, 'categories')}
        disabled={!editable}
      />
      <TagInput
        tagType="tag"
        label="Tags"
        name="tags"
        values={product.tags}
        onChange={(tags) => change({ tags })}
        problem={firstProblem(problems, 'tags')}
        disabled={!editable}
      />

      <h2>Purchase</h2>
      <TextField
        label="Add-button text"
        hint="Leave empty for the site's own ('Add To Cart')."
        {...field('customAddButtonText')}
      />
      {stocked ? (
        <fieldset>
          <legend>Subscription</legend>
          <CheckboxField
            label="Sold as a subscription"
            name="subscription"
            checked={product.subscription !== null}
            onChange={(on) => change({ subscription: on ? { every: 1, unit: 'MONTH', cycles: 0 } : null })}
            disabled={!editable}
          />
          {product.subscription ? (
            <div className="subscription-fields">
              <div className="field">
                <label htmlFor={`${id}-every`}>Every</label>
                <input
                  id={`${id}-every`}
                  name="subscription.every"
                  type="number"
                  min={1}
                  max={52}
                  value={product.subscription.every}
                  disabled={!editable}
                  onChange={(event) =>
                    change({ subscription: { ...product.subscription!, every: Number(event.target.value) } })
                  }
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-unit`}>Period</label>
                <select
                  id={`${id}-unit`}
                  value={product.subscription.unit}
                  disabled={!editable}
                  onChange={(event) =>
                    change({
                      subscription: { ...product.subscription!, unit: event.target.value as 'WEEK' | 'MONTH' | 'YEAR' },
                    })
                  }
                >
                  <option value="WEEK">weeks</option>
                  <option value="MONTH">months</option>
                  <option value="YEAR">years</option>
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-cycles`}>Renewals (0 until cancelled)</label>
                <input
                  id={`${id}-cycles`}
                  name="subscription.cycles"
                  type="number"
                  min={0}
                  value={product.subscription.cycles}
                  disabled={!editable}
                  onChange={(event) =>
                    change({ subscription: { ...product.subscription!, cycles: Number(event.target.value) } })
                  }
                />
              </div>
              {problems['subscription.every'] || problems['subscription.cycles'] || problems.subscription ? (
                <p className="field__problem">
                  {problems['subscription.every'] ?? problems['subscription.cycles'] ?? problems.subscription}
                </p>
              ) : null}
            </div>
          ) : null}
        </fieldset>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-form`}>Form the buyer fills in</label>
        <select
          id={`${id}-form`}
          name="additionalFieldsFormId"
          value={product.additionalFieldsFormId ?? ''}
          disabled={!editable}
          onChange={(event) => change({ additionalFieldsFormId: event.target.value || null })}
        >
          <option value="">None</option>
          {choices.forms.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
      </div>
      {product.productType === PRODUCT_TYPES.paywall ? (
        <div className="field">
          <label htmlFor={`${id}-area`}>Member area it opens</label>
          <select
            id={`${id}-area`}
            name="memberAreaId"
            value={product.memberAreaId ?? ''}
            disabled={!editable}
            aria-invalid={problems.memberAreaId ? true : undefined}
            aria-describedby={problems.memberAreaId ? `${id}-area-problem` : undefined}
            onChange={(event) => change({ memberAreaId: event.target.value || null })}
          >
            <option value="">Choose a member area</option>
            {choices.memberAreas.map((area) => (
              <option key={area.id} value={area.id}>
                {area.title}
              </option>
            ))}
          </select>
          {problems.memberAreaId ? (
            <p className="field__problem" id={`${id}-area-problem`}>
              {problems.memberAreaId}
            </p>
          ) : null}
        </div>
      ) : null}
      {product.productType === PRODUCT_TYPES.digital ? (
        <fieldset className="digital-files">
          <legend>Files to download</legend>
          {product.digitalFiles.length > 0 ? (
            <ul className="digital-files__list">
              {product.digitalFiles.map((file) => (
                <li key={file.id}>
                  {file.filename} ({formatFileSize(file.sizeBytes)}){' '}
                  {editable ? (
                    <button
                      type="button"
                      className="button"
                      aria-label={`Remove ${file.filename}`}
                      onClick={() => setProduct((current) => withoutDigitalFile(current, file.id))}
                    >
                      Remove
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p>No files yet: buyers would get nothing to download.</p>
          )}
          {canUpload ? (
            <div className="field">
              <label htmlFor={`${id}-file`}>Add a file</label>
              <p className="field__hint" id={`${id}-file-hint`}>
                Any kind of file, up to {formatFileSize(UPLOAD_RULES.file.maxBytes)}. Buyers download it from the link
                in their receipt; it is never shown on the site.
              </p>
              <input
                id={`${id}-file`}
                name="digitalFileIds"
                type="file"
                aria-describedby={`${id}-file-hint`}
                onChange={(event) => {
                  void uploadDigitalFile(event.currentTarget.files?.[0]);
                  event.currentTarget.value = '';
                }}
              />
            </div>
          ) : null}
          {problems.digitalFileIds ? (
            <p className="field__problem" role="alert">
              {problems.digitalFileIds}
            </p>
          ) : null}
          <p className="field__hint" id={`${id}-download-hint`}>
            Leave these empty for the store's defaults: {DOWNLOAD_DEFAULTS.limit} downloads for{' '}
            {DOWNLOAD_DEFAULTS.expiryDays} days, unless set under Commerce preferences (namespace{' '}
            {DOWNLOAD_PREFERENCES_NAMESPACE}).
          </p>
          <div className="field">
            <label htmlFor={`${id}-download-limit`}>Downloads of each file per order</label>
            <input
              id={`${id}-download-limit`}
              name="downloadLimit"
              aria-describedby={`${id}-download-hint`}
              type="number"
              min={1}
              max={PRODUCT_LIMITS.maxDownloadLimit}
              placeholder={String(DOWNLOAD_DEFAULTS.limit)}
              value={product.downloadLimit ?? ''}
              disabled={!editable}
              onChange={(event) =>
                change({ downloadLimit: event.target.value === '' ? null : Number(event.target.value) })
              }
            />
            {problems.downloadLimit ? <p className="field__problem">{problems.downloadLimit}</p> : null}
          </div>
          <div className="field">
            <label htmlFor={`${id}-download-days`}>Days the download links last</label>
            <input
              id={`${id}-download-days`}
              name="downloadExpiryDays"
              aria-describedby={`${id}-download-hint`}
              type="number"
              min={1}
              max={PRODUCT_LIMITS.maxDownloadExpiryDays}
              placeholder={String(DOWNLOAD_DEFAULTS.expiryDays)}
              value={product.downloadExpiryDays ?? ''}
              disabled={!editable}
              onChange={(event) =>
                change({ downloadExpiryDays: event.target.value === '' ? null : Number(event.target.value) })
              }
            />
            {problems.downloadExpiryDays ? <p className="field__problem">{problems.downloadExpiryDays}</p> : null}
          </div>
          {itemId ? (
            <p>
              <a href={digitalPreviewPath(itemId)} target="_blank" rel="noreferrer">
                Preview the buyer's download page
              </a>
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <Status status={status} />
      <div className="row-actions">
        {editable ? (
          <button type="submit" className="button button--primary" disabled={busy}>
            {itemId ? 'Save product' : 'Create product'}
          </button>
        ) : null}
        {fullUrl ? (
          <a className="button" href={fullUrl} target="_blank" rel="noreferrer">
            View on the site<span className="visually-hidden"> (opens a new tab)</span>
          </a>
        ) : null}
      </div>
    </form>
  );
}

/** The first message about a list or any of its entries ('tags', 'tags.2'). */
function firstProblem(problems: Problems, list: string): string | undefined {
  const key = Object.keys(problems).find((name) => name === list || name.startsWith(`${list}.`));
  return key ? problems[key] : undefined;
}
