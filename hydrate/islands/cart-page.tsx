/**
 * The full-page cart (/cart, templates/default/pages/cart.page). Mounts into
 * the fixed #sqs-cart-root (spec section 2) and shows the cart store's cart:
 * loading, loaded, or recalculating while a change is in flight (spec
 * section 4). Every change answers with the whole new cart, which is
 * announced so the header indicator follows.
 */
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { requestTracking } from '../analytics/track-request.ts';
import { apiRequest, CLIENT_MESSAGES, ClientApiError } from '../api-client.ts';
import { type CartEntry, cartEntries, focusCandidates } from '../cart-page/cart-entries.ts';
import { CartEntryRow } from '../cart-page/cart-entry-row.tsx';
import { quantityUpdatedNews, removedNews, CART_PAGE_TEXT as TEXT } from '../cart-page/cart-page-text.ts';
import { CartSummary } from '../cart-page/cart-summary.tsx';
import type { MinimumSubtotal } from '../cart-page/minimum-subtotal.ts';
import { parseQuantityInput } from '../cart-page/quantity-input.ts';
import { announceCart, CART_ENTRIES_PATH, type CartSnapshot } from '../cart-store.ts';
import type { IslandProps } from '../island-types.ts';
import { useCart } from '../use-cart.ts';

export interface CartPageProps extends IslandProps {
  minimum: MinimumSubtotal | null;
}

interface CartAlert {
  title: string;
  /** The server's (or the network's) own words; none when it gave none. */
  message: string | null;
}

const EMPTY_LINK = 'cart-page__continue';

function visitorMessage(error: unknown): string | null {
  return error instanceof ClientApiError && error.message !== CLIENT_MESSAGES.unknown ? error.message : null;
}

export function CartPage({ element, context, minimum }: CartPageProps) {
  const { status, cart } = useCart(context.cartStore);
  const entries = cartEntries(cart);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [busyIds, setBusyIds] = useState<readonly string[]>([]);
  const [alert, setAlert] = useState<CartAlert | null>(null);
  const [news, setNews] = useState('');
  // Refs, not state: a blur right after a change event must see the first commit at once.
  const busy = useRef(new Set<string>());
  const sent = useRef(0);
  const applied = useRef(0);
  const focusNext = useRef<string[] | null>(null);
  const locale = element.ownerDocument.documentElement.lang || undefined;

  useLayoutEffect(() => {
    const wanted = focusNext.current;
    if (!wanted) return;
    focusNext.current = null;
    const buttons = Array.from(element.querySelectorAll<HTMLElement>('[data-remove-entry]'));
    const target =
      wanted.map((id) => buttons.find((button) => button.dataset.removeEntry === id)).find(Boolean) ??
      element.querySelector<HTMLElement>(`.${EMPTY_LINK}`) ??
      buttons[0];
    target?.focus();
  });

  const setDraft = (id: string, value?: string) =>
    setDrafts(({ [id]: _old, ...rest }) => (value === undefined ? rest : { ...rest, [id]: value }));
  const markBusy = (id: string, on: boolean) => {
    if (on) busy.current.add(id);
    else busy.current.delete(id);
    setBusyIds([...busy.current]);
  };

  /** A new quantity, or null to remove the entry. */
  const change = async (entry: CartEntry, quantity: number | null) => {
    if (busy.current.has(entry.id)) return;
    const ids = entries.map((candidate) => candidate.id);
    markBusy(entry.id, true);
    setAlert(null);
    if (quantity !== null) setDraft(entry.id, String(quantity));
    const seq = ++sent.current;
    try {
      const { shoppingCart } = await apiRequest<{ shoppingCart: CartSnapshot }>(
        `${CART_ENTRIES_PATH}/${encodeURIComponent(entry.id)}`,
        quantity === null ? { method: 'DELETE' } : { method: 'PUT', body: { quantity } },
      );
      if (quantity === null) {
        focusNext.current = focusCandidates(ids, entry.id);
        requestTracking('remove_from_cart', { object_identifier: entry.itemId, quantity: entry.quantity });
      }
      setNews(quantity === null ? removedNews(entry.productName) : quantityUpdatedNews(entry.productName, quantity));
      // Answers to overlapping changes can arrive out of order; an older cart must not replace a newer one.
      if (seq > applied.current) {
        applied.current = seq;
        announceCart(shoppingCart);
      }
    } catch (error) {
      setAlert({ title: quantity === null ? TEXT.removeFailed : TEXT.updateFailed, message: visitorMessage(error) });
    } finally {
      // Success shows the cart's new quantity, failure the old one: either way the unsent text goes.
      setDraft(entry.id);
      markBusy(entry.id, false);
    }
  };

  const commit = (entry: CartEntry, raw: string) => {
    if (busy.current.has(entry.id)) return;
    const input = parseQuantityInput(raw);
    if (input.ok && input.quantity !== entry.quantity) {
      void change(entry, input.quantity);
      return;
    }
    setDraft(entry.id);
    if (!input.ok && input.message !== null) setAlert({ title: TEXT.updateFailed, message: input.message });
  };

  const loading = status === 'loading';
  const recalculating = busyIds.length > 0;
  let body: ReactNode;
  if (loading) {
    body = (
      <p className="cart-page__loading" aria-busy="true">
        {TEXT.loading}
      </p>
    );
  } else if (!cart || entries.length === 0) {
    body = (
      <div className="empty-state">
        <p>{TEXT.empty}</p>
        <p>
          <a className={`button ${EMPTY_LINK}`} href="/">
            {TEXT.continueShopping}
          </a>
        </p>
      </div>
    );
  } else {
    body = (
      // Busy here, not on the section: a live region inside a busy one is held back until it is done.
      <div className="cart-page__layout with-summary" aria-busy={recalculating || undefined}>
        {/* biome-ignore lint/a11y/noRedundantRoles: Safari drops list semantics from a list styled without bullets */}
        <ul className="cart-page__list" role="list" aria-label={TEXT.listLabel}>
          {entries.map((entry) => (
            <CartEntryRow
              key={entry.id}
              entry={entry}
              value={drafts[entry.id] ?? String(entry.quantity)}
              busy={busyIds.includes(entry.id)}
              locale={locale}
              onInput={(value) => setDraft(entry.id, value)}
              onCommit={(raw) => commit(entry, raw)}
              onQuantity={(quantity) => void change(entry, quantity)}
              onRemove={() => void change(entry, null)}
            />
          ))}
        </ul>
        <CartSummary cart={cart} minimum={minimum} locale={locale} />
      </div>
    );
  }

  return (
    <section
      className="cart-page__cart"
      aria-label={TEXT.regionLabel}
      data-state={loading ? 'loading' : recalculating ? 'recalculating' : 'loaded'}
    >
      <p className="visually-hidden" role="status">
        {news}
      </p>
      {alert ? (
        <div className="cart-page__alert" role="alert">
          <p className="cart-page__alert-title">{alert.title}</p>
          {alert.message ? <p className="cart-page__alert-message">{alert.message}</p> : null}
        </div>
      ) : null}
      {body}
    </section>
  );
}
