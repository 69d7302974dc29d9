/**
 * Which component takes over which server-rendered element. Islands are keyed
 * the way the architecture marks them: a spec record type or block type
 * number, or a name for page furniture that is neither (the cart indicator
 * and the floating cart pill).
 */
import { createElement, lazy, type ReactElement, Suspense } from 'react';
import { BLOCK_TYPES, RECORD_TYPES } from '../domain/spec-enums.ts';
import { readMinimumSubtotal } from './cart-page/minimum-subtotal.ts';
import type { IslandContext } from './island-types.ts';
import { AddToCart, readAddToCartButton } from './islands/add-to-cart.tsx';
import { CartIndicator } from './islands/cart-indicator.tsx';
import { CartPill } from './islands/cart-pill.tsx';
import { INSTALLMENT_PILL_ISLAND } from './islands/installment-pill.tsx';
import { LikeButton } from './islands/like-button.tsx';
import { ProductGallery } from './islands/product-gallery.tsx';
import { readVariantPicker, VariantPicker } from './islands/variant-picker.tsx';

export interface IslandEntry {
  /** How the server marks the element (kept to markup the templates already print). */
  selector: string;
  /**
   * The element React renders into, given the marked one; it must stay in the
   * document. Defaults to the marked element itself.
   */
  container?: (marked: HTMLElement) => HTMLElement;
  render: (marked: HTMLElement, container: HTMLElement, context: IslandContext) => ReactElement;
}

/** A record or block type may have several interactive parts (a product: picker, button, installments). */
export interface IslandRegistry {
  recordTypes: Record<number, IslandEntry[]>;
  blockTypes: Record<number, IslandEntry[]>;
  named: Record<string, IslandEntry>;
}

/**
 * The full-page cart is on one page only, so its code is a chunk of its own
 * that only that page fetches. Until it arrives the root stays empty and the
 * server's list of the cart shows (templates/default/pages/cart.page).
 */
const LazyCartPage = lazy(() => import('./islands/cart-page.tsx').then((module) => ({ default: module.CartPage })));

/**
 * Website and newsletter forms are on a few pages only, so their island is a
 * chunk too. Until it arrives the server's form works on its own (it posts
 * to its page).
 */
const LazySiteForm = lazy(() => import('./islands/site-form.tsx').then((module) => ({ default: module.SiteForm })));

/** Restock sign-ups are on pages of sold-out products only: a chunk of their own too. */
const LazyRestockForm = lazy(() =>
  import('./islands/restock-form.tsx').then((module) => ({ default: module.RestockForm })),
);

/**
 * The site-wide popup waits some seconds before it shows, and most visitors
 * have closed or answered it already: a chunk of its own.
 */
const LazyPopupOverlay = lazy(() =>
  import('./islands/popup-overlay.tsx').then((module) => ({ default: module.PopupOverlay })),
);

/** The review form is on product pages only, below the fold: a chunk of its own. */
const LazyProductReviews = lazy(() =>
  import('./islands/product-reviews.tsx').then((module) => ({ default: module.ProductReviews })),
);

/** Galleries (lightbox, autoplay, thumbnails) are on a few pages only: a chunk of their own. */
const LazyGallery = lazy(() => import('./islands/gallery.tsx').then((module) => ({ default: module.Gallery })));

/** Quick view is on product lists only, and opened by few: a chunk of its own. */
const LazyQuickView = lazy(() => import('./islands/quick-view.tsx').then((module) => ({ default: module.QuickView })));

/** The account pages are visited rarely and by few: a chunk of their own. */
const LazyAccountPage = lazy(() =>
  import('./islands/account-page.tsx').then((module) => ({ default: module.AccountPage })),
);

/** The donate page is visited by few: its small enhancement is a chunk of its own. */
const LazyDonateAmounts = lazy(() =>
  import('./islands/donate-amounts.tsx').then((module) => ({ default: module.DonateAmounts })),
);

/** A new element for an island to render into, placed after the server's element or inside it at the end. */
function islandRoot(marked: HTMLElement, className: string, place: 'after' | 'append'): HTMLElement {
  const root = marked.ownerDocument.createElement('div');
  root.className = className;
  marked[place](root);
  return root;
}

function siteFormEntry(blockType: number): IslandEntry {
  return {
    selector: `form[data-form-id][data-block-type="${blockType}"]`,
    // Next to the form, not in it: the island leaves the form's markup to the server and replaces the form on success.
    container: (form) => islandRoot(form, 'form-island', 'after'),
    render: (form, _container, context) =>
      createElement(
        Suspense,
        { fallback: null },
        createElement(LazySiteForm, { element: form as HTMLFormElement, context }),
      ),
  };
}

const ADD_TO_CART_WRAPPER = 'sqs-add-to-cart-button-wrapper';

export const ISLANDS: IslandRegistry = {
  recordTypes: {
    [RECORD_TYPES['store-item']]: [
      {
        selector: '.product-variants[data-item-id][data-variants]',
        render: (picker, _container, context) =>
          createElement(VariantPicker, { element: picker, context, ...readVariantPicker(picker) }),
      },
      {
        selector: '.sqs-add-to-cart-button[data-item-id][data-product-type]',
        container(button) {
          const parent = button.parentElement;
          if (parent?.classList.contains(ADD_TO_CART_WRAPPER)) return parent;
          const wrapper = button.ownerDocument.createElement('div');
          wrapper.className = ADD_TO_CART_WRAPPER;
          button.replaceWith(wrapper);
          wrapper.append(button);
          return wrapper;
        },
        render: (button, container, context) =>
          createElement(AddToCart, { element: container, context, ...readAddToCartButton(button) }),
      },
      INSTALLMENT_PILL_ISLAND,
      {
        selector: '.product-restock-notification[data-product-id][data-variant-id]',
        // Inside the widget, after the form: where its messages and success text go.
        container: (widget) => islandRoot(widget, 'product-restock-island', 'append'),
        render: (widget, _container, context) =>
          createElement(Suspense, { fallback: null }, createElement(LazyRestockForm, { element: widget, context })),
      },
    ],
  },
  blockTypes: {
    [BLOCK_TYPES.form]: [siteFormEntry(BLOCK_TYPES.form)],
    [BLOCK_TYPES.newsletter]: [siteFormEntry(BLOCK_TYPES.newsletter)],
  },
  named: {
    'cart-page': {
      selector: '#sqs-cart-root',
      render: (root, _container, context) =>
        createElement(
          Suspense,
          { fallback: null },
          createElement(LazyCartPage, { element: root, context, minimum: readMinimumSubtotal(root) }),
        ),
    },
    'cart-indicator': {
      selector: '[data-cart-indicator]',
      container(link) {
        const existing = link.querySelector<HTMLElement>('.sqs-cart-quantity');
        const root = link.ownerDocument.createElement('span');
        root.setAttribute('data-cart-quantity-root', '');
        if (existing) existing.replaceWith(root);
        else link.append(root);
        // Remember the server's count so the first render matches it.
        root.dataset.initialText = existing?.textContent ?? '';
        if (!existing) root.removeAttribute('data-initial-text');
        return root;
      },
      render: (link, container, context) =>
        createElement(CartIndicator, {
          element: link,
          context,
          initialText: container.dataset.initialText ?? null,
        }),
    },
    'popup-overlay': {
      selector: '[data-island="popup-overlay"]',
      // Next to the popup, not in it: the island works on the server's markup and renders nothing itself.
      container: (popup) => islandRoot(popup, 'popup-overlay-island', 'after'),
      render: (popup, _container, context) =>
        createElement(Suspense, { fallback: null }, createElement(LazyPopupOverlay, { element: popup, context })),
    },
    'donate-amounts': {
      selector: '[data-donate-amounts]',
      // Next to the amounts, not in them: the island works on the server's markup and renders nothing itself.
      container: (fieldset) => islandRoot(fieldset, 'donate-amounts-island', 'after'),
      render: (fieldset, _container, context) =>
        createElement(Suspense, { fallback: null }, createElement(LazyDonateAmounts, { element: fieldset, context })),
    },
    'account-page': {
      selector: '#sb-account-root[data-account-page]',
      render: (root, _container, context) =>
        createElement(Suspense, { fallback: null }, createElement(LazyAccountPage, { element: root, context })),
    },
    'like-button': {
      // The block's wrapper (templates/default/blocks/like-button.block); the island draws the same button into it,
      // at once (in the main bundle, it is small) so the server's button never blinks out while a chunk loads.
      selector: '[data-like-button][data-item-id]',
      render: (wrapper, _container, context) => createElement(LikeButton, { element: wrapper, context }),
    },
    'simple-like': {
      // The like-button formatter's span (templates/markup/social-like-button.html), which other template
      // packages print: the same button is drawn into it, replacing its empty icon and count.
      selector: '.sqs-simple-like[data-item-id]',
      render: (span, _container, context) => createElement(LikeButton, { element: span, context }),
    },
    'product-gallery': {
      selector: '[data-product-gallery]',
      // Next to the gallery, not in it: the island works on the server's markup and renders nothing itself.
      container: (gallery) => islandRoot(gallery, 'product-gallery-island', 'after'),
      render: (gallery, _container, context) => createElement(ProductGallery, { element: gallery, context }),
    },
    gallery: {
      // A gallery's frame (blocks/gallery-layout.block, page-blocks/gallery.html); the pause button goes in at its end.
      selector: '[data-gallery]',
      container: (frame) => islandRoot(frame, 'gallery-island', 'append'),
      render: (frame, _container, context) =>
        createElement(Suspense, { fallback: null }, createElement(LazyGallery, { element: frame, context })),
    },
    'quick-view': {
      // A product card's quick-view link (blocks/product-card.block); the dialog renders through a portal.
      selector: 'a[data-quick-view][data-id]',
      container: (link) => islandRoot(link, 'quick-view-island', 'after'),
      render: (link, _container, context) =>
        createElement(
          Suspense,
          { fallback: null },
          createElement(LazyQuickView, {
            element: link,
            context,
            productIslands: ISLANDS.recordTypes[RECORD_TYPES['store-item']] ?? [],
          }),
        ),
    },
    'product-reviews': {
      // The reviews section (templates/default/blocks/product-reviews.block); the form goes into its slot.
      selector: '[data-product-reviews][data-item-id]',
      container: (section) =>
        section.querySelector<HTMLElement>('[data-review-form-slot]') ??
        islandRoot(section, 'review-form-slot', 'append'),
      render: (section, _container, context) =>
        createElement(Suspense, { fallback: null }, createElement(LazyProductReviews, { element: section, context })),
    },
    'cart-pill': {
      selector: '[data-island="cart-pill"]',
      render: (marked, _container, context) => createElement(CartPill, { element: marked, context }),
    },
  },
};

/** Every entry with a label for error reports: 'record:11', 'named:cart-pill'. */
export function registryEntries(registry: IslandRegistry = ISLANDS): [string, IslandEntry][] {
  return [
    ...Object.entries(registry.recordTypes).flatMap(([key, entries]) =>
      entries.map((entry): [string, IslandEntry] => [`record:${key}`, entry]),
    ),
    ...Object.entries(registry.blockTypes).flatMap(([key, entries]) =>
      entries.map((entry): [string, IslandEntry] => [`block:${key}`, entry]),
    ),
    ...Object.entries(registry.named).map(([key, entry]): [string, IslandEntry] => [`named:${key}`, entry]),
  ];
}
