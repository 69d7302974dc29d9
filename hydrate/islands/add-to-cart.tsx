/**
 * The product add-to-cart button (store item, record type 11). Takes over the
 * server-rendered `.sqs-add-to-cart-button` (templates/markup/commerce-add-to-cart-btn.html):
 * checks the purchase form, asks for the product's additional fields when it
 * has a form (`.use-form`), posts the entry, moves through idle → 'Adding…' →
 * 'Added!' → idle (spec section 4) and announces the new cart. Some purchases
 * go on to checkout instead (spec section 4): a subscription in a cart of its
 * own (the cartToken), a gift card, and any product in express-checkout mode
 * (data-express-checkout="true" on the button). A gift card's page asks for
 * its recipient and a note ([data-gift-card-recipient]); they are checked
 * here, go with the entry as its additionalFields, and the checkout it goes
 * on to shows them with the chosen denomination.
 */
import { type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { canAddToCart } from '../../domain/stock.ts';
import { FORM_MESSAGES } from '../../shared/form-messages.ts';
import { checkPurchase, purchaseScope, quantityInput } from '../add-to-cart-form.ts';
import {
  AdditionalFieldsDialog,
  type AdditionalFieldsForm,
  readAdditionalFieldsForm,
} from '../additional-fields-form.tsx';
import { requestTracking } from '../analytics/track-request.ts';
import { apiRequest, CLIENT_MESSAGES, ClientApiError } from '../api-client.ts';
import {
  announceCart,
  CART_ENTRIES_PATH,
  type CartSnapshot,
  CHECKOUT_PATH,
  SUBSCRIPTION_CART_PATH,
} from '../cart-store.ts';
import { clearOnInput, markRecipientErrors, RECIPIENT_SELECTOR, readRecipient } from '../gift-card-recipient-form.ts';
import type { IslandProps } from '../island-types.ts';
import { soldOutText } from '../sold-out-text.ts';
import { VARIANT_CHANGE_EVENT, type VariantChange } from '../variant-page-effects.ts';

export type AddToCartState = 'idle' | 'adding' | 'added';

/** What the button does: add to the cart, or buy and go to checkout. */
export type PurchaseMode = 'cart' | 'express' | 'subscription' | 'gift-card';

const GIFT_CARD = 4;

/** Spec section 8: the alert's title names what failed. */
export const ALERT_TITLES: Record<PurchaseMode, string> = {
  cart: 'Unable to Add Item',
  express: 'Unable to Purchase Item',
  subscription: 'Unable to Purchase Item',
  'gift-card': 'Unable to purchase Gift Card',
};

/** Spec sections 4 and 8. */
export const ADD_TO_CART_TEXT = {
  adding: 'Adding…',
  added: 'Added!',
  /** The cart UI's wording, as the message under the add-to-cart title. */
  formUnavailable: 'Unable to open form',
  dismiss: 'OK',
} as const;

export interface AddToCartProps extends IslandProps {
  itemId: string;
  productType: number;
  label: string;
  className: string;
  dataAttributes: Record<string, string>;
  /** The additional-fields form's JSON (data-form) of a `.use-form` button, else null. */
  formJson: string | null;
}

interface AddResponse {
  shoppingCart: CartSnapshot;
}

export function purchaseMode(productType: number, dataAttributes: Record<string, string>): PurchaseMode {
  if (dataAttributes['data-is-subscription'] === 'true') return 'subscription';
  if (productType === GIFT_CARD) return 'gift-card';
  return dataAttributes['data-express-checkout'] === 'true' ? 'express' : 'cart';
}

/** Reads what the island needs off the server-rendered button, before React replaces it. */
export function readAddToCartButton(button: HTMLElement): Omit<AddToCartProps, keyof IslandProps> {
  const dataAttributes: Record<string, string> = {};
  for (const attribute of Array.from(button.attributes)) {
    if (attribute.name.startsWith('data-')) dataAttributes[attribute.name] = attribute.value;
  }
  return {
    itemId: button.dataset.itemId ?? '',
    productType: Number(button.dataset.productType),
    label: button.dataset.originalLabel ?? button.textContent?.trim() ?? '',
    className: button.getAttribute('class') ?? 'sqs-add-to-cart-button',
    dataAttributes,
    formJson: button.classList.contains('use-form') ? (button.dataset.form ?? '') : null,
  };
}

/**
 * Where the alert goes: at the top of the product form, where a visitor
 * who pressed the button at the foot of a tall form at 1280×800 still sees
 * it (under the button it fell below the fold). Made when the island mounts,
 * so it is in place before any alert; empty, it takes no room (site.css).
 */
function createAlertSlot(wrapper: HTMLElement): HTMLElement {
  const slot = wrapper.ownerDocument.createElement('div');
  slot.className = 'sqs-add-to-cart-alert-slot';
  const form = wrapper.closest<HTMLElement>('.product__purchase');
  if (form) form.prepend(slot);
  else (purchaseScope(wrapper).querySelector('.product-variants') ?? wrapper).before(slot);
  return slot;
}

/** An open additional-fields form, with the purchase it was opened for. */
interface FormRequest {
  form: AdditionalFieldsForm;
  sku: string | null;
  quantity: number;
}

export function AddToCart({
  element,
  context,
  itemId,
  productType,
  label,
  className,
  dataAttributes,
  formJson,
}: AddToCartProps) {
  const [state, setState] = useState<AddToCartState>('idle');
  const [alert, setAlert] = useState<string | null>(null);
  const [formRequest, setFormRequest] = useState<FormRequest | null>(null);
  /** The chosen variant cannot be bought: the button says so instead of letting the server refuse it. */
  const [soldOut, setSoldOut] = useState(false);
  const [soldOutLabel] = useState(() => soldOutText(element));
  // Added from a product list's quick view, without visiting the product's page: the tracker's click and add.
  const [inQuickView] = useState(() => element.closest('.quick-view') !== null);
  const [alertSlot, setAlertSlot] = useState<HTMLElement | null>(null);
  /** The field the alert is about (the quantity input), marked invalid and described by the message. */
  const [invalidField, setInvalidField] = useState<HTMLInputElement | null>(null);
  const messageId = useId();
  const busy = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const { timings } = context;

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  useLayoutEffect(() => {
    const slot = createAlertSlot(element);
    setAlertSlot(slot);
    return () => slot.remove();
  }, [element]);

  // A new choice makes the alert about the old one stale, and decides whether the button can sell.
  useEffect(() => {
    const view = element.ownerDocument.defaultView;
    if (!view) return;
    const onChange = (event: Event) => {
      const { itemId: changed, variant } = (event as CustomEvent<VariantChange>).detail;
      if (changed !== itemId) return;
      setAlert(null);
      setInvalidField(null);
      setSoldOut(variant !== undefined && !canAddToCart(variant, 0, 1));
    };
    view.addEventListener(VARIANT_CHANGE_EVENT, onChange);
    return () => view.removeEventListener(VARIANT_CHANGE_EVENT, onChange);
  }, [element, itemId]);

  useLayoutEffect(() => {
    if (!invalidField || alert === null) return;
    invalidField.setAttribute('aria-invalid', 'true');
    invalidField.setAttribute('aria-describedby', messageId);
    return () => {
      invalidField.removeAttribute('aria-invalid');
      invalidField.removeAttribute('aria-describedby');
    };
  }, [invalidField, alert, messageId]);

  // Seen as well as heard: bring the alert into view when it is off screen (a phone, a long form).
  useEffect(() => {
    if (alert !== null) alertSlot?.scrollIntoView?.({ block: 'nearest' });
  }, [alert, alertSlot]);

  const showAlert = useCallback((message: string | null, field: HTMLInputElement | null = null) => {
    setAlert(message);
    setInvalidField(field);
  }, []);
  const later = useCallback((ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  }, []);

  const mode = purchaseMode(productType, dataAttributes);
  /** The gift card's recipient fields, when its page has them. */
  const [recipientFields] = useState(() =>
    mode === 'gift-card' ? purchaseScope(element).querySelector<HTMLElement>(RECIPIENT_SELECTOR) : null,
  );

  // The recipient is asked before the button, in reading and tab order (the server prints it after the picker's markup).
  useLayoutEffect(() => {
    if (!recipientFields) return;
    element.before(recipientFields);
    return clearOnInput(recipientFields);
  }, [element, recipientFields]);

  /** additionalFields is the form's values as JSON text (spec section 7), or null without a form. */
  const send = useCallback(
    async (sku: string | null, quantity: number, additionalFields: string | null) => {
      busy.current = true;
      setState('adding');
      try {
        if (mode === 'subscription') {
          const { cartToken } = await apiRequest<{ cartToken: string }>(SUBSCRIPTION_CART_PATH, {
            method: 'POST',
            body: { itemId, sku, qty: quantity, additionalFields },
          });
          // The button stays 'Adding…' while the checkout page loads.
          context.navigate(`${CHECKOUT_PATH}?cartToken=${encodeURIComponent(cartToken)}`);
          return;
        }
        const response = await apiRequest<AddResponse>(CART_ENTRIES_PATH, {
          method: 'POST',
          body: { itemId, sku, quantity, additionalFields },
        });
        announceCart(response.shoppingCart);
        requestTracking('add_to_cart', { object_identifier: itemId, sku, quantity });
        if (inQuickView) requestTracking('click_and_add', { object_identifier: itemId, sku, quantity });
        if (mode !== 'cart') {
          context.navigate(CHECKOUT_PATH);
          return;
        }
        later(timings.addedDelayMs, () => {
          setState('added');
          later(timings.addedHoldMs, () => {
            busy.current = false;
            setState('idle');
          });
        });
      } catch (error) {
        // The server names the recipient fields it refused; they are marked as the island's own check marks them.
        const fields = error instanceof ClientApiError ? error.fields : undefined;
        if (fields && recipientFields) markRecipientErrors(recipientFields, fields);
        showAlert(error instanceof ClientApiError ? error.message : CLIENT_MESSAGES.unknown);
        later(timings.errorResetMs, () => {
          busy.current = false;
          setState('idle');
        });
      }
    },
    [itemId, mode, context, timings, later, showAlert, recipientFields, inQuickView],
  );

  const add = useCallback(async () => {
    if (busy.current || soldOut) return;
    showAlert(null);
    // Spec section 5: with a form, the purchase (stock included) is checked before the form opens.
    const check = checkPurchase(element, itemId, productType);
    if (!check.ok) {
      // Nothing was sent, so there is no adding state to show; the visitor goes to the field to fix.
      showAlert(check.message, check.field ?? null);
      check.field?.focus();
      return;
    }
    if (recipientFields) {
      const recipient = readRecipient(recipientFields);
      if (!recipient.ok) {
        showAlert(FORM_MESSAGES.formInvalid);
        recipient.field?.focus();
        return;
      }
      return send(check.sku, check.quantity, JSON.stringify(recipient.recipient));
    }
    if (formJson === null) return send(check.sku, check.quantity, null);
    const form = readAdditionalFieldsForm(element.ownerDocument, itemId, formJson);
    if (form) setFormRequest({ form, sku: check.sku, quantity: check.quantity });
    else showAlert(ADD_TO_CART_TEXT.formUnavailable);
  }, [element, itemId, productType, formJson, send, soldOut, showAlert, recipientFields]);

  // Typing a new quantity answers the alert about the old one.
  useEffect(() => {
    const input = quantityInput(element, itemId);
    if (!input || input !== invalidField) return;
    const onInput = () => showAlert(null);
    input.addEventListener('input', onInput);
    return () => input.removeEventListener('input', onInput);
  }, [element, itemId, invalidField, showAlert]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    void add();
  };

  const shownSoldOut = soldOut && state === 'idle';
  const text =
    state === 'adding'
      ? ADD_TO_CART_TEXT.adding
      : state === 'added'
        ? ADD_TO_CART_TEXT.added
        : shownSoldOut
          ? soldOutLabel
          : label;
  const alertBox =
    alert !== null ? (
      <div className="sqs-add-to-cart-alert" role="alert">
        <p className="sqs-add-to-cart-alert__title">{ALERT_TITLES[mode]}</p>
        <p className="sqs-add-to-cart-alert__message" id={messageId}>
          {alert}
        </p>
        <button type="button" className="sqs-add-to-cart-alert__dismiss" onClick={() => showAlert(null)}>
          {ADD_TO_CART_TEXT.dismiss}
        </button>
      </div>
    ) : null;
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: the server's div role=button, which site CSS and templates style */}
      <div
        {...dataAttributes}
        className={`${className}${state !== 'idle' ? ` cart-${state}` : shownSoldOut ? ' cart-sold-out' : ''}`}
        role="button"
        tabIndex={0}
        aria-disabled={state !== 'idle' || soldOut ? true : undefined}
        aria-live="polite"
        data-state={shownSoldOut ? 'sold-out' : state}
        onClick={() => void add()}
        onKeyDown={onKeyDown}
      >
        <div className="sqs-add-to-cart-button-inner">{text}</div>
      </div>
      {formRequest ? (
        <AdditionalFieldsDialog
          form={formRequest.form}
          submitLabel={label}
          onClose={() => setFormRequest(null)}
          onSubmit={(values) => {
            setFormRequest(null);
            void send(formRequest.sku, formRequest.quantity, JSON.stringify(values));
          }}
        />
      ) : null}
      {alertSlot ? createPortal(alertBox, alertSlot) : alertBox}
    </>
  );
}
