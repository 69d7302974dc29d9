/** Finds the server's island markers and gives each a React root. */
import { createRoot, type Root } from 'react-dom/client';
import type { ErrorReporter } from './analytics/error-reporter.ts';
import { createCartStore } from './cart-store.ts';
import { IslandErrorBoundary } from './island-error-boundary.tsx';
import { ISLANDS, type IslandRegistry, registryEntries } from './island-registry.ts';
import { type AddToCartTimings, type IslandContext, SPEC_TIMINGS } from './island-types.ts';

export const MOUNTED_ATTRIBUTE = 'data-island-mounted';
/** The cart page's fixed root (spec section 2); no pill there. */
export const CART_ROOT_ID = 'sqs-cart-root';

export interface MountOptions {
  registry?: IslandRegistry;
  timings?: AddToCartTimings;
  navigate?: (url: string) => void;
  /** Hears the islands' render errors (analytics/page-error-reporter.ts). */
  reporter?: ErrorReporter;
}

export interface MountedIslands {
  context: IslandContext;
  roots: Root[];
  unmount(): void;
}

export function mountIslands(doc: Document = document, options: MountOptions = {}): MountedIslands {
  const view = doc.defaultView ?? window;
  const cartStore = createCartStore(view);
  const context: IslandContext = {
    cartStore,
    timings: options.timings ?? SPEC_TIMINGS,
    navigate: options.navigate ?? ((url) => view.location.assign(url)),
  };
  const registry = options.registry ?? ISLANDS;

  ensurePillMarker(doc);

  const roots: Root[] = [];
  let usesCart = false;
  for (const [key, entry] of registryEntries(registry)) {
    for (const marked of doc.querySelectorAll<HTMLElement>(entry.selector)) {
      if (marked.hasAttribute(MOUNTED_ATTRIBUTE)) continue;
      marked.setAttribute(MOUNTED_ATTRIBUTE, '');
      try {
        const container = entry.container?.(marked) ?? marked;
        const root = createRoot(container);
        root.render(
          <IslandErrorBoundary island={key} reporter={options.reporter}>
            {entry.render(marked, container, context)}
          </IslandErrorBoundary>,
        );
        roots.push(root);
        if (key.startsWith('named:cart')) usesCart = true;
      } catch (error) {
        // One broken island must not keep the others from mounting.
        console.error(`island ${key} failed to mount`, error);
      }
    }
  }
  if (usesCart) void cartStore.load();
  return {
    context,
    roots,
    unmount() {
      for (const root of roots) root.unmount();
      cartStore.dispose();
    },
  };
}

/** The pages where the pill would only repeat (and cover) the cart's own summary. */
const NO_PILL_PATHS = [/^\/cart\/?$/, /^\/checkout(\/|$)/];

/**
 * The pill has no server markup: it goes on every page with a header cart,
 * except the cart and checkout pages, in an aside of its own so that it
 * sits in a landmark like everything else on the page.
 */
function ensurePillMarker(doc: Document): void {
  if (doc.querySelector('[data-island="cart-pill"]')) return;
  if (!doc.querySelector('[data-cart-indicator]') || doc.getElementById(CART_ROOT_ID)) return;
  const path = doc.defaultView?.location.pathname ?? '';
  if (NO_PILL_PATHS.some((pattern) => pattern.test(path))) return;
  const marker = doc.createElement('aside');
  marker.setAttribute('data-island', 'cart-pill');
  marker.setAttribute('aria-label', 'Cart');
  marker.className = 'sqs-cart-pill-root';
  marker.hidden = true;
  doc.body.append(marker);
}
