/**
 * Quick view on product lists (spec section 2, the quick-view button): the
 * card's button, a link to the product page, opens the product in a dialog
 * instead: its pictures, title, price, options, quantity and add to cart.
 * The dialog shows the product page's own purchase markup, fetched from the
 * page the link names, and mounts on it the same islands the product page
 * runs (the store item's entries of island-registry.ts: variant picker,
 * add to cart, installments, restock), with this page's cart, so an item
 * added here counts in the header and the pill at once. Nothing of the add
 * to cart is rebuilt here. A product page that cannot be had leaves the link
 * to do its work: the visitor goes to the page.
 */
import { useEffect, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { requestCensusCall } from '../analytics/track-request.ts';
import { IslandErrorBoundary } from '../island-error-boundary.tsx';
import type { IslandEntry } from '../island-registry.ts';
import type { IslandProps } from '../island-types.ts';
import { ModalDialog } from '../modal/modal-dialog.tsx';

interface QuickViewProduct {
  title: string;
  pictures: { src: string; alt: string }[];
  price: HTMLElement | null;
  purchase: HTMLElement | null;
}

/** The parts of a product page the dialog shows, adopted into this document. */
function readProductPage(doc: Document, html: string): QuickViewProduct | undefined {
  const page = new DOMParser().parseFromString(html, 'text/html');
  const product = page.querySelector('article.product');
  if (!product) return undefined;
  const adopt = (element: Element | null) => (element ? (doc.importNode(element, true) as HTMLElement) : null);
  return {
    title: product.querySelector('.product__title')?.textContent?.trim() ?? '',
    pictures: Array.from(product.querySelectorAll<HTMLImageElement>('.product-gallery__image')).map((image) => ({
      src: image.getAttribute('src') ?? '',
      alt: image.getAttribute('alt') ?? '',
    })),
    price: adopt(product.querySelector('.product__price-row')),
    purchase: adopt(product.querySelector('.product__purchase')),
  };
}

export interface QuickViewProps extends IslandProps {
  /** The product page's islands (the registry's store-item entries), handed in so this module need not import the registry. */
  productIslands: readonly IslandEntry[];
}

export function QuickView({ element, context, productIslands }: QuickViewProps) {
  const link = element as HTMLAnchorElement;
  const view = link.ownerDocument.defaultView!;
  const [product, setProduct] = useState<QuickViewProduct | null>(null);
  const [picture, setPicture] = useState(0);
  const purchaseSlot = useRef<HTMLDivElement>(null);
  const priceSlot = useRef<HTMLDivElement>(null);
  const loading = useRef(false);

  useEffect(() => {
    const onClick = async (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (loading.current) return;
      loading.current = true;
      link.setAttribute('aria-busy', 'true');
      try {
        const response = await view.fetch(link.href, { credentials: 'same-origin', headers: { accept: 'text/html' } });
        const read = response.ok ? readProductPage(link.ownerDocument, await response.text()) : undefined;
        // Without the product's page the link does what it says.
        if (!read) {
          view.location.assign(link.href);
          return;
        }
        setPicture(0);
        setProduct(read);
        // Spec section 7: the quick view is counted, on pages that are (the analytics module decides).
        requestCensusCall('quick-view', { itemId: link.dataset.id ?? '' });
      } catch {
        view.location.assign(link.href);
      } finally {
        loading.current = false;
        link.removeAttribute('aria-busy');
      }
    };
    link.addEventListener('click', onClick);
    // Says the link now opens the dialog (the island is a chunk that arrives after the page).
    link.dataset.quickViewReady = '';
    return () => {
      link.removeEventListener('click', onClick);
      delete link.dataset.quickViewReady;
    };
  }, [link, view]);

  // The product page's markup goes in, and the product page's islands on it.
  useEffect(() => {
    const slot = purchaseSlot.current;
    if (!product || !slot) return;
    if (product.price) priceSlot.current?.replaceChildren(product.price);
    if (product.purchase) slot.replaceChildren(product.purchase);
    const roots: Root[] = [];
    for (const entry of productIslands) {
      for (const marked of slot.querySelectorAll<HTMLElement>(entry.selector)) {
        const container = entry.container?.(marked) ?? marked;
        const root = createRoot(container);
        root.render(
          <IslandErrorBoundary island="quick-view" reporter={undefined}>
            {entry.render(marked, container, context)}
          </IslandErrorBoundary>,
        );
        roots.push(root);
      }
    }
    return () => {
      // Unmounted after this render: React does not allow a root to unmount while another renders.
      setTimeout(() => {
        for (const root of roots) root.unmount();
      });
    };
  }, [product, context, productIslands]);

  const shown = product?.pictures[picture];
  return (
    <ModalDialog
      open={product !== null}
      title={product?.title ?? ''}
      onClose={() => setProduct(null)}
      className="quick-view"
    >
      {product ? (
        <div className="quick-view__layout">
          <div className="quick-view__media">
            {shown ? <img className="quick-view__image" src={shown.src} alt={shown.alt} /> : null}
            {product.pictures.length > 1 ? (
              <ul className="quick-view__thumbs" aria-label="Choose a picture">
                {product.pictures.map((one, index) => (
                  <li key={one.src}>
                    <button
                      type="button"
                      className="quick-view__thumb"
                      aria-current={index === picture ? 'true' : undefined}
                      onClick={() => setPicture(index)}
                    >
                      <img src={one.src} alt="" />
                      <span className="visually-hidden">
                        Picture {index + 1} of {product.pictures.length}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <div className="quick-view__details product__details">
            <div ref={priceSlot} />
            <div ref={purchaseSlot} />
            <p>
              <a className="text-link" href={link.href}>
                View full details
              </a>
            </p>
          </div>
        </div>
      ) : null}
    </ModalDialog>
  );
}
