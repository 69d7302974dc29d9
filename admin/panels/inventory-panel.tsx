/**
 * The inventory panel (spec section 2): search, sort by name, stock or
 * price, a row that expands to its variants, a row's name that opens the
 * product, the next page; each variant's stock changed by a number of units
 * with a reason (logged with who made the change), the recent changes, and
 * the settings: the scarcity message on product pages and in blocks, and
 * its threshold. Each of those sends the spec's tracking event
 * (shared/inventory-panel.ts).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import {
  INVENTORY_PAGE_SIZE,
  INVENTORY_PANEL_EVENTS,
  type InventorySettings,
  inventorySettingsSchema,
  stockAdjustmentSchema,
} from '../../shared/inventory-panel.ts';
import { PRODUCT_TYPE_LABELS } from '../../shared/product-input.ts';
import { CheckboxField, check } from '../form-fields.tsx';
import { ClientApiError, ownerRequest } from '../owner-api.ts';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { trackPanelEvent } from '../panel-tracking.ts';
import { useRouter } from '../router.tsx';
import { useSession } from '../session.tsx';
import { editorPath } from './product-editor-model.ts';
import { useSaveForm } from './save-form.ts';

type Sort = 'name' | 'stock' | 'price';
type Direction = 'asc' | 'desc';

interface InventoryVariant {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  qtyInStock: number;
  unlimited: boolean;
  priceMinor: string;
}

interface InventoryProduct {
  itemId: string;
  title: string;
  productType: number;
  published: boolean;
  unlimited: boolean;
  totalStock: number;
  minPriceMinor: string;
  currency: string;
  variants: InventoryVariant[];
}

interface InventoryPage {
  products: InventoryProduct[];
  total: number;
  hasNextPage: boolean;
  page: number;
}

interface Adjustment {
  id: string;
  sku: string;
  productTitle: string;
  quantityChange: number;
  qtyAfter: number;
  unlimitedAfter: boolean;
  reason: string;
  actorName: string;
  createdOn: string;
}

const SORT_EVENTS = {
  name: INVENTORY_PANEL_EVENTS.sortName,
  stock: INVENTORY_PANEL_EVENTS.sortStock,
  price: INVENTORY_PANEL_EVENTS.sortPrice,
} as const;

const SORT_LABELS: Record<Sort, string> = { name: 'Name', stock: 'Stock', price: 'Price' };

const stockText = (unlimited: boolean, quantity: number) => (unlimited ? 'Unlimited' : String(quantity));
const variantName = (variant: InventoryVariant) => Object.values(variant.attributes).join(' / ') || 'The product';
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function InventoryPanel() {
  const { can } = useSession();
  const { navigate } = useRouter();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ search: '', sort: 'name' as Sort, direction: 'asc' as Direction, page: 1 });
  const [found, setFound] = useState<InventoryPage | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const [log, setLog] = useState<Adjustment[]>([]);
  const editable = can('inventory:write');

  const load = useCallback(async () => {
    const params = new URLSearchParams({
      search: query.search,
      sort: query.sort,
      direction: query.direction,
      page: String(query.page),
      pageSize: String(INVENTORY_PAGE_SIZE),
    });
    try {
      const [page, adjustments] = await Promise.all([
        ownerRequest<InventoryPage>(`/api/owner/inventory?${params}`),
        ownerRequest<{ adjustments: Adjustment[] }>('/api/owner/inventory/adjustments?limit=10'),
      ]);
      setFound(page);
      setLog(adjustments.adjustments);
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, [query]);
  useEffect(() => {
    void load();
  }, [load]);

  const sortBy = (sort: Sort) => {
    const direction: Direction = query.sort === sort && query.direction === 'asc' ? 'desc' : 'asc';
    trackPanelEvent(SORT_EVENTS[sort], { direction });
    setQuery({ ...query, sort, direction, page: 1 });
  };
  const toggle = (product: InventoryProduct) => {
    const next = new Set(expanded);
    if (next.has(product.itemId)) next.delete(product.itemId);
    else {
      next.add(product.itemId);
      trackPanelEvent(INVENTORY_PANEL_EVENTS.rowExpand, { itemId: product.itemId });
    }
    setExpanded(next);
  };
  const pages = found ? Math.max(1, Math.ceil(found.total / INVENTORY_PAGE_SIZE)) : 1;

  return (
    <Panel title="Inventory" intro="Stock of every product and variant. Each change is kept with who made it and why.">
      {editable ? null : <ReadOnlyNote />}
      <form
        className="form form--inline"
        aria-label="Search the inventory"
        onSubmit={(event) => {
          event.preventDefault();
          trackPanelEvent(INVENTORY_PANEL_EVENTS.search, { search });
          setQuery({ ...query, search, page: 1 });
        }}
      >
        <div className="field">
          <label htmlFor={searchId}>Search products or SKUs</label>
          <input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <Status status={status} />
      {found === null ? (
        <p>Loading…</p>
      ) : (
        <>
          <p aria-live="polite">
            {found.total === 0
              ? 'No products match.'
              : `${found.total} ${found.total === 1 ? 'product' : 'products'}, page ${found.page} of ${pages}.`}
          </p>
          <table className="table inventory-table">
            <caption className="visually-hidden">Inventory</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Variants</span>
                </th>
                {(['name', 'stock', 'price'] as const).map((sort) => (
                  <th
                    key={sort}
                    scope="col"
                    aria-sort={
                      query.sort === sort ? (query.direction === 'asc' ? 'ascending' : 'descending') : undefined
                    }
                  >
                    <button type="button" className="sort-button" onClick={() => sortBy(sort)}>
                      Sort by {SORT_LABELS[sort].toLowerCase()}
                      <span aria-hidden="true">
                        {query.sort === sort ? (query.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                      </span>
                    </button>
                  </th>
                ))}
                <th scope="col">Type</th>
              </tr>
            </thead>
            {found.products.map((product) => {
              const open = expanded.has(product.itemId);
              const variantsId = `variants-${product.itemId}`;
              return (
                <tbody key={product.itemId} className="inventory-row">
                  <tr>
                    <td>
                      <button
                        type="button"
                        className="expand-button"
                        aria-expanded={open}
                        aria-controls={variantsId}
                        onClick={() => toggle(product)}
                      >
                        <span aria-hidden="true">{open ? '−' : '+'}</span>
                        <span className="visually-hidden">
                          {open ? 'Hide' : 'Show'} the variants of {product.title}
                        </span>
                      </button>
                    </td>
                    <th scope="row">
                      <a
                        href={editorPath(product.itemId)}
                        onClick={(event) => {
                          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                          event.preventDefault();
                          trackPanelEvent(INVENTORY_PANEL_EVENTS.rowClick, { itemId: product.itemId });
                          navigate(editorPath(product.itemId));
                        }}
                      >
                        {product.title}
                      </a>
                      {product.published ? null : <span className="note"> (hidden)</span>}
                    </th>
                    <td>{stockText(product.unlimited, product.totalStock)}</td>
                    <td>{formatMinorUnits(product.minPriceMinor, product.currency)}</td>
                    <td>{PRODUCT_TYPE_LABELS[product.productType]}</td>
                  </tr>
                  <tr id={variantsId} hidden={!open}>
                    <td colSpan={5}>
                      {open ? (
                        <VariantStock
                          product={product}
                          editable={editable}
                          onChanged={(message) => {
                            setStatus({ kind: 'ok', message });
                            void load();
                          }}
                        />
                      ) : null}
                    </td>
                  </tr>
                </tbody>
              );
            })}
          </table>
          <nav className="row-actions" aria-label="Pages">
            <button
              type="button"
              className="button"
              disabled={query.page <= 1}
              onClick={() => setQuery({ ...query, page: query.page - 1 })}
            >
              Previous page
            </button>
            <button
              type="button"
              className="button"
              disabled={!found.hasNextPage}
              onClick={() => {
                trackPanelEvent(INVENTORY_PANEL_EVENTS.nextPage, { page: query.page + 1 });
                setQuery({ ...query, page: query.page + 1 });
              }}
            >
              Next page
            </button>
          </nav>
        </>
      )}
      <RecentChanges adjustments={log} />
      <SettingsForm editable={editable} />
    </Panel>
  );
}

function VariantStock({
  product,
  editable,
  onChanged,
}: {
  product: InventoryProduct;
  editable: boolean;
  onChanged(message: string): void;
}) {
  return (
    <table className="table variant-stock">
      <caption>Variants of {product.title}</caption>
      <thead>
        <tr>
          <th scope="col">Variant</th>
          <th scope="col">SKU</th>
          <th scope="col">In stock</th>
          <th scope="col">Price</th>
          {editable ? <th scope="col">Change</th> : null}
        </tr>
      </thead>
      <tbody>
        {product.variants.map((variant) => (
          <tr key={variant.id}>
            <th scope="row">{variantName(variant)}</th>
            <td>{variant.sku}</td>
            <td>{stockText(variant.unlimited, variant.qtyInStock)}</td>
            <td>{formatMinorUnits(variant.priceMinor, product.currency)}</td>
            {editable ? (
              <td>
                <AdjustForm product={product} variant={variant} onChanged={onChanged} />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AdjustForm({
  product,
  variant,
  onChanged,
}: {
  product: InventoryProduct;
  variant: InventoryVariant;
  onChanged(message: string): void;
}) {
  const id = useId();
  const [change, setChange] = useState('');
  const [reason, setReason] = useState('');
  const [unlimited, setUnlimited] = useState(variant.unlimited);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = `${product.title}, ${variant.sku}`;
  const submit = async () => {
    const body = {
      variantId: variant.id,
      quantityChange: change.trim() === '' ? 0 : Number(change),
      unlimited: unlimited === variant.unlimited ? undefined : unlimited,
      reason,
    };
    const checked = check(stockAdjustmentSchema, body);
    if (!checked.ok) {
      setProblem(Object.values(checked.problems)[0] ?? null);
      return;
    }
    setBusy(true);
    try {
      const { adjustment } = await ownerRequest<{ adjustment: Adjustment }>('/api/owner/inventory/adjustments', {
        method: 'POST',
        body: checked.value,
      });
      setProblem(null);
      setChange('');
      setReason('');
      onChanged(`${name}: ${stockText(adjustment.unlimitedAfter, adjustment.qtyAfter)} in stock now.`);
    } catch (error) {
      setProblem(
        error instanceof ClientApiError && error.fields
          ? (Object.values(error.fields)[0] ?? error.message)
          : error instanceof Error
            ? error.message
            : String(error),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="adjust-form"
      aria-label={`Change the stock of ${name}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-change`}>Units to add or take off</label>
        <input
          id={`${id}-change`}
          type="number"
          step={1}
          value={change}
          disabled={unlimited}
          onChange={(event) => setChange(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <input id={`${id}-reason`} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
      </div>
      <CheckboxField label="Unlimited" name="unlimited" checked={unlimited} onChange={setUnlimited} />
      <button type="submit" className="button" disabled={busy}>
        Apply<span className="visually-hidden"> to {name}</span>
      </button>
      {problem ? (
        <p className="field__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function RecentChanges({ adjustments }: { adjustments: readonly Adjustment[] }) {
  return (
    <section aria-labelledby="recent-changes-heading">
      <h2 id="recent-changes-heading">Recent changes</h2>
      {adjustments.length === 0 ? (
        <p>No stock changes yet.</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">Recent stock changes</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Product</th>
              <th scope="col">Change</th>
              <th scope="col">In stock after</th>
              <th scope="col">Who</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {adjustments.map((adjustment) => (
              <tr key={adjustment.id}>
                <td>{new Date(adjustment.createdOn).toLocaleString()}</td>
                <td>
                  {adjustment.productTitle} ({adjustment.sku})
                </td>
                <td>{adjustment.quantityChange === 0 ? '' : signed(adjustment.quantityChange)}</td>
                <td>{stockText(adjustment.unlimitedAfter, adjustment.qtyAfter)}</td>
                <td>{adjustment.actorName}</td>
                <td>{adjustment.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function SettingsForm({ editable }: { editable: boolean }) {
  const id = useId();
  const [values, setValues] = useState<InventorySettings | null>(null);
  const [threshold, setThreshold] = useState('');
  const { form, problems, status, setStatus, busy, save } = useSaveForm(
    inventorySettingsSchema,
    async (value) => {
      const saved = await ownerRequest<InventorySettings>('/api/owner/inventory/settings', {
        method: 'PUT',
        body: value,
      });
      if (values && saved.scarcityThreshold !== values.scarcityThreshold) {
        trackPanelEvent(INVENTORY_PANEL_EVENTS.scarcityThreshold, { threshold: saved.scarcityThreshold });
      }
      setValues(saved);
      setThreshold(String(saved.scarcityThreshold));
    },
    'Inventory settings saved.',
  );
  useEffect(() => {
    ownerRequest<InventorySettings>('/api/owner/inventory/settings').then(
      (loaded) => {
        setValues(loaded);
        setThreshold(String(loaded.scarcityThreshold));
      },
      (error: Error) => setStatus({ kind: 'error', message: error.message }),
    );
  }, [setStatus]);
  if (!values) return <Status status={status} />;
  return (
    <details
      className="settings"
      onToggle={(event) => {
        if (event.currentTarget.open) trackPanelEvent(INVENTORY_PANEL_EVENTS.settings);
      }}
    >
      <summary>Settings</summary>
      <form
        ref={form}
        className="form"
        noValidate
        aria-label="Inventory settings"
        onSubmit={(event) => {
          event.preventDefault();
          void save({ ...values, scarcityThreshold: Number(threshold) });
        }}
      >
        <CheckboxField
          label="Show the scarcity message on product pages"
          name="scarcityOnProductPage"
          checked={values.scarcityOnProductPage}
          disabled={!editable}
          onChange={(on) => {
            trackPanelEvent(INVENTORY_PANEL_EVENTS.scarcityProductPageToggle, { on });
            setValues({ ...values, scarcityOnProductPage: on });
          }}
        />
        <CheckboxField
          label="Show the scarcity message in product lists and blocks"
          name="scarcityOnProductBlocks"
          checked={values.scarcityOnProductBlocks}
          disabled={!editable}
          onChange={(on) => {
            trackPanelEvent(INVENTORY_PANEL_EVENTS.scarcityBlocksToggle, { on });
            setValues({ ...values, scarcityOnProductBlocks: on });
          }}
        />
        <div className="field">
          <label htmlFor={`${id}-threshold`}>Scarcity threshold</label>
          <p className="field__hint" id={`${id}-threshold-hint`}>
            The message shows once this many or fewer are left.
          </p>
          <input
            id={`${id}-threshold`}
            name="scarcityThreshold"
            type="number"
            min={1}
            max={999}
            value={threshold}
            disabled={!editable}
            aria-invalid={problems.scarcityThreshold ? true : undefined}
            aria-describedby={`${id}-threshold-hint${problems.scarcityThreshold ? ` ${id}-threshold-problem` : ''}`}
            onChange={(event) => setThreshold(event.target.value)}
          />
          {problems.scarcityThreshold ? (
            <p className="field__problem" id={`${id}-threshold-problem`}>
              {problems.scarcityThreshold}
            </p>
          ) : null}
        </div>
        <Status status={status} />
        {editable ? (
          <button type="submit" className="button button--primary" disabled={busy}>
            Save settings
          </button>
        ) : null}
      </form>
    </details>
  );
}
