/**
 * The installment pill (spec sections 2, 5, 8 and 9) in the product page's
 * slot (templates/default/collections/products.item, [data-installment-message]):
 * 'or 4 interest-free payments of $6.00 with Afterpay', or the out-of-range
 * wording, and an info button opening a modal that explains paying in
 * installments. The modal's text is our own: the site makes no third-party
 * requests (CSP is self-only), so the provider's information page is not fetched.
 */
import { createElement, useEffect, useState } from 'react';
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import {
  DEFAULT_INSTALLMENT_COUNT,
  type InstallmentContext,
  type InstallmentNotice,
  type InstallmentProvider,
  installmentNotice,
  installmentNoticeText,
  isInstallmentEligible,
  legacyCentsToMinorUnits,
  parseInstallmentContext,
  providerName,
} from '../../shared/installments.ts';
import type { IslandEntry } from '../island-registry.ts';
import { ModalDialog } from '../modal/modal-dialog.tsx';
import { VARIANT_CHANGE_EVENT, type VariantChange } from '../variant-page-effects.ts';

export interface InstallmentPillView {
  itemId: string;
  provider: InstallmentProvider;
  /** The product's lowest price, in minor units: what applies until a variant is chosen. */
  price: bigint;
  currency: string;
  context: InstallmentContext;
  /** Minor units → display text in the product's currency and the shopper's language. */
  money: (minorUnits: string) => string;
}

/**
 * What the slot's data attributes say: a view to show, or null when the
 * product is not eligible. Throws when the attributes cannot be read.
 */
export function readInstallmentSlot(slot: HTMLElement): InstallmentPillView | null {
  const { installmentContext, priceCents, currency, productType, itemId } = slot.dataset;
  const context = parseInstallmentContext(JSON.parse(installmentContext ?? ''));
  const price = currency ? legacyCentsToMinorUnits(priceCents, currency) : undefined;
  if (!context || !currency || price === undefined) throw new TypeError('Unreadable installment slot');
  if (!isInstallmentEligible(context, [Number(productType)])) return null;
  return {
    itemId: itemId ?? '',
    provider: providerName(context.stripeAccountCountry),
    price,
    currency,
    context,
    money: (minorUnits) => formatMinorUnits(minorUnits, currency, context.shopperLanguage),
  };
}

/** The price a chosen variant sells for now (its sale price while on sale), in minor units. */
function variantPrice(change: VariantChange, view: InstallmentPillView): bigint | undefined {
  const variant = change.variant;
  if (!variant) return view.price;
  return legacyCentsToMinorUnits(variant.onSale === true ? variant.salePrice : variant.price, view.currency);
}

export function InstallmentPill({ view }: { view: InstallmentPillView | null }) {
  const [modal, setModal] = useState<'open' | 'closed'>('closed');
  const [price, setPrice] = useState(view?.price);

  useEffect(() => {
    if (!view) return;
    const onChange = (event: Event) => {
      const change = (event as CustomEvent<VariantChange>).detail;
      if (change.itemId === view.itemId) setPrice(variantPrice(change, view));
    };
    window.addEventListener(VARIANT_CHANGE_EVENT, onChange);
    return () => window.removeEventListener(VARIANT_CHANGE_EVENT, onChange);
  }, [view]);

  if (!view || price === undefined) return null;
  const { provider, money } = view;
  const notice: InstallmentNotice = installmentNotice(price, view.context);
  const text = installmentNoticeText(notice, money);
  return (
    <div className="installment-pill">
      <span className="installment-pill__text">
        {notice.kind === 'in-range' ? `or ${text} with ${provider}` : `${provider} ${text}`}
      </span>
      <button
        type="button"
        className="installment-pill__info"
        aria-label={`Learn more about ${provider}`}
        aria-haspopup="dialog"
        onClick={() => setModal('open')}
      >
        i
      </button>
      <ModalDialog
        open={modal === 'open'}
        title={`Pay in ${DEFAULT_INSTALLMENT_COUNT} with ${provider}`}
        onClose={() => setModal('closed')}
      >
        <InstallmentInfo view={view} />
      </ModalDialog>
    </div>
  );
}

function InstallmentInfo({ view: { provider, context, money } }: { view: InstallmentPillView }) {
  return (
    <>
      <p>
        Choose {provider} at checkout to pay in {DEFAULT_INSTALLMENT_COUNT} interest-free payments, one every two weeks.
        The first is taken when you order and includes any remainder.
      </p>
      <p>
        For orders over {money(context.afterPayMin)} and up to {money(context.afterPayMax)}. {provider} approves each
        order, and its terms apply.
      </p>
    </>
  );
}

/** The registry entry; an unreadable slot renders nothing and is reported (spec section 8). */
export const INSTALLMENT_PILL_ISLAND: IslandEntry = {
  selector: '[data-installment-message]',
  render(slot) {
    let view: InstallmentPillView | null = null;
    try {
      view = readInstallmentSlot(slot);
    } catch (error) {
      // The slot goes with it: in devtools it is the element, with the attributes that failed.
      console.error('Unable to read the installment context', error, slot);
    }
    return createElement(InstallmentPill, { view });
  },
};
