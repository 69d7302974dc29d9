/**
 * The gift card's recipient fields on its product page (products.item,
 * [data-gift-card-recipient]): read, checked with the server's own rules
 * (shared/gift-card-recipient.ts) and marked field by field, each message
 * in the field's error slot, tied to it by aria-describedby.
 */
import {
  checkGiftCardRecipient,
  GIFT_CARD_FIELDS,
  type GiftCardField,
  type GiftCardRecipient,
} from '../shared/gift-card-recipient.ts';

export const RECIPIENT_SELECTOR = '[data-gift-card-recipient]';

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

function control(fieldset: HTMLElement, field: GiftCardField): FieldElement | null {
  return fieldset.querySelector<FieldElement>(`[name="${field}"]`);
}

function errorSlot(fieldset: HTMLElement, input: FieldElement): HTMLElement | null {
  return fieldset.ownerDocument.getElementById(`${input.id}-error`);
}

/** Shows each field's message (none clears it); gives the first field in error, for focus. */
export function markRecipientErrors(
  fieldset: HTMLElement,
  errors: Partial<Record<string, string>>,
): FieldElement | null {
  let first: FieldElement | null = null;
  for (const field of GIFT_CARD_FIELDS) {
    const input = control(fieldset, field);
    if (!input) continue;
    const slot = errorSlot(fieldset, input);
    const message = errors[field];
    if (slot) {
      slot.textContent = message ?? '';
      slot.hidden = !message;
    }
    if (message) {
      input.setAttribute('aria-invalid', 'true');
      if (slot) input.setAttribute('aria-describedby', slot.id);
      first ??= input;
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  }
  return first;
}

/** The recipient as typed, checked; field errors are shown, and the first field in error returned. */
export function readRecipient(
  fieldset: HTMLElement,
): { ok: true; recipient: GiftCardRecipient } | { ok: false; field: FieldElement | null } {
  const values = Object.fromEntries(GIFT_CARD_FIELDS.map((field) => [field, control(fieldset, field)?.value ?? '']));
  const check = checkGiftCardRecipient(values);
  if (check.ok) {
    markRecipientErrors(fieldset, {});
    return check;
  }
  return { ok: false, field: markRecipientErrors(fieldset, check.errors) };
}

/** Typing in a field answers its message: it goes until the next try. */
export function clearOnInput(fieldset: HTMLElement): () => void {
  const onInput = (event: Event) => {
    const input = event.target as FieldElement;
    if (input.getAttribute('aria-invalid') !== 'true') return;
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
    const slot = errorSlot(fieldset, input);
    if (slot) {
      slot.textContent = '';
      slot.hidden = true;
    }
  };
  fieldset.addEventListener('input', onInput);
  return () => fieldset.removeEventListener('input', onInput);
}
