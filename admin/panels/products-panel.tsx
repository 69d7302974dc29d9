/**
 * The products panel: a store's products (picture, name, type, price, stock,
 * shown or hidden), each opening the product editor, and adding a product of
 * any of the five types, up to the store's 200 (spec section 9).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import { PRODUCT_LIMITS, PRODUCT_MESSAGES, PRODUCT_TYPE_LABELS } from '../../shared/product-input.ts';
import { ownerRequest } from '../owner-api.ts';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { Link, useRouter } from '../router.tsx';
import { useSession } from '../session.tsx';
import {
  editorPath,
  newProductPath,
  type ProductRow,
  type ProductsListing,
  priceRange,
} from './product-editor-model.ts';

function stockText(row: ProductRow): string {
  if (row.unlimited) return 'Unlimited';
  return row.totalStock === 0 ? 'Sold out' : `${row.totalStock} in stock`;
}

export function ProductsPanel() {
  const { can } = useSession();
  const { navigate } = useRouter();
  const typeId = useId();
  const [listing, setListing] = useState<ProductsListing | null>(null);
  const [storeId, setStoreId] = useState<string | null>(null);
  const [newType, setNewType] = useState<number>(PRODUCT_TYPES.physical);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const load = useCallback(async (store: string | null) => {
    try {
      const query = store ? `?collectionId=${encodeURIComponent(store)}` : '';
      const answer = await ownerRequest<ProductsListing>(`/api/owner/products${query}`);
      setListing(answer);
      setStoreId(answer.storeId);
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);
  useEffect(() => {
    void load(null);
  }, [load]);

  const editable = can('products:write');
  const store = listing?.stores.find((candidate) => candidate.id === storeId);
  const full = (store?.productCount ?? 0) >= PRODUCT_LIMITS.productsPerCollection;
  const money = (minor: string) => formatMinorUnits(minor, listing?.currency ?? 'USD');

  return (
    <Panel title="Products" intro="Your stores' products: what they are, what they cost, how many are left.">
      {editable ? null : <ReadOnlyNote />}
      <Status status={status} />
      {listing === null ? (
        status ? null : (
          <p>Loading…</p>
        )
      ) : listing.stores.length === 0 ? (
        <p>
          This site has no store yet. Create one from the <Link to="/config/navigation">Navigation</Link> panel.
        </p>
      ) : (
        <>
          {listing.stores.length > 1 ? (
            <div className="field">
              <label htmlFor={`${typeId}-store`}>Store</label>
              <select id={`${typeId}-store`} value={storeId ?? ''} onChange={(event) => void load(event.target.value)}>
                {listing.stores.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.title}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <p>
            {store?.title}: {store?.productCount} of {PRODUCT_LIMITS.productsPerCollection} products.
          </p>
          {editable && storeId ? (
            <form
              className="form form--inline"
              aria-label="Add a product"
              onSubmit={(event) => {
                event.preventDefault();
                if (full) setStatus({ kind: 'error', message: PRODUCT_MESSAGES.collectionFull });
                else navigate(newProductPath(storeId, newType));
              }}
            >
              <div className="field">
                <label htmlFor={typeId}>Type of the new product</label>
                <select id={typeId} value={newType} onChange={(event) => setNewType(Number(event.target.value))}>
                  {Object.values(PRODUCT_TYPES).map((type) => (
                    <option key={type} value={type}>
                      {PRODUCT_TYPE_LABELS[type]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="button button--primary">
                Add product
              </button>
            </form>
          ) : null}
          {listing.products.length === 0 ? (
            <p>No products in this store yet.</p>
          ) : (
            <table className="table products-table">
              <caption className="visually-hidden">Products of {store?.title}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Picture</span>
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">Type</th>
                  <th scope="col">Price</th>
                  <th scope="col">Stock</th>
                  <th scope="col">On the site</th>
                </tr>
              </thead>
              <tbody>
                {listing.products.map((row) => (
                  <tr key={row.id}>
                    <td>
                      {row.mainImage ? (
                        <img
                          className="thumbnail"
                          src={`${row.mainImage.assetUrl}?format=100w`}
                          alt=""
                          width={48}
                          height={48}
                        />
                      ) : null}
                    </td>
                    <th scope="row">
                      <Link to={editorPath(row.id)}>{row.title}</Link>
                    </th>
                    <td>{PRODUCT_TYPE_LABELS[row.productType]}</td>
                    <td>{priceRange(row, money)}</td>
                    <td>{stockText(row)}</td>
                    <td>{row.published ? 'Shown' : 'Hidden'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </Panel>
  );
}
