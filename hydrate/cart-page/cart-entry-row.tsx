/** One entry of the cart page: picture, name, variant, prices, quantity control and remove button. */
import { useEffect, useId, useRef } from 'react';
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import { QUANTITY as LIMITS } from '../../domain/quantity.ts';
import { giftCardRecipientOf } from '../../shared/gift-card-recipient.ts';
import { type CartEntry, variantText } from './cart-entries.ts';
import { decreaseLabel, increaseLabel, removeLabel, CART_PAGE_TEXT as TEXT } from './cart-page-text.ts';

export interface CartEntryRowProps {
  entry: CartEntry;
  /** What the quantity field shows: the visitor's unsent text, else the entry's quantity. */
  value: string;
  /** A change of this entry is in flight. */
  busy: boolean;
  locale: string | undefined;
  onInput(value: string): void;
  /** The field's text, on change, blur or Enter. */
  onCommit(raw: string): void;
  onQuantity(quantity: number): void;
  onRemove(): void;
}

export function CartEntryRow({
  entry,
  value,
  busy,
  locale,
  onInput,
  onCommit,
  onQuantity,
  onRemove,
}: CartEntryRowProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const money = (cents: string) => formatMinorUnits(cents, entry.currency, locale);
  const variant = variantText(entry);
  // A gift card's recipient and note, as the buyer typed them on the product page.
  const gift = giftCardRecipientOf(entry.additionalFields);
  const { quantity, productName: name } = entry;

  // React's onChange is the input event; the DOM change event (spinner clicks, a committed edit) needs its own listener.
  useEffect(() => {
    const field = input.current!;
    const listener = () => onCommit(field.value);
    field.addEventListener('change', listener);
    return () => field.removeEventListener('change', listener);
  }, [onCommit]);

  // aria-disabled rather than disabled: a disabled button drops keyboard focus mid-change.
  const step = (to: number, label: string, text: string) => {
    const off = busy || to < LIMITS.min || to > LIMITS.max;
    return (
      <button
        type="button"
        className="cart-page__step"
        aria-label={label}
        aria-disabled={off || undefined}
        onClick={() => off || onQuantity(to)}
      >
        <span aria-hidden="true">{text}</span>
      </button>
    );
  };

  return (
    <li className="cart-page__entry" data-entry-id={entry.id} aria-busy={busy || undefined}>
      <div className="cart-page__media">
        {entry.image ? (
          // The name next to it says what the picture shows; alt text would read it twice.
          <img
            className="cart-page__image"
            src={entry.image.assetUrl}
            alt=""
            width={entry.image.width || undefined}
            height={entry.image.height || undefined}
            loading="lazy"
          />
        ) : null}
      </div>
      <div className="cart-page__info">
        <p className="cart-page__name">{entry.fullUrl ? <a href={entry.fullUrl}>{name}</a> : name}</p>
        {variant ? <p className="cart-page__variant">{variant}</p> : null}
        {gift ? (
          <p className="cart-page__variant cart-page__gift">
            For: {gift.recipientName} ({gift.recipientEmail})
            {gift.note ? (
              <>
                <br />
                Note: {gift.note}
              </>
            ) : null}
          </p>
        ) : null}
        <p className="cart-page__unit-price product-price">
          {entry.onSale ? (
            <>
              <span className="visually-hidden">{TEXT.salePrice} </span>
              {money(entry.unitPriceCents)}{' '}
              <s className="original-price">
                <span className="visually-hidden">{TEXT.regularPrice} </span>
                {money(entry.regularUnitPriceCents)}
              </s>
            </>
          ) : (
            money(entry.unitPriceCents)
          )}{' '}
          {TEXT.each}
        </p>
        <div className="cart-page__quantity">
          <label className="cart-page__quantity-label" htmlFor={inputId}>
            {TEXT.quantity}
            <span className="visually-hidden">, {name}</span>
          </label>
          <div className="cart-page__stepper">
            {step(quantity - 1, decreaseLabel(name), '−')}
            <input
              ref={input}
              id={inputId}
              className="cart-page__quantity-input"
              type="number"
              inputMode="numeric"
              min={LIMITS.min}
              max={LIMITS.max}
              step={LIMITS.step}
              size={LIMITS.size}
              value={value}
              readOnly={busy}
              aria-disabled={busy || undefined}
              onChange={(event) => onInput(event.currentTarget.value)}
              onBlur={(event) => onCommit(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                onCommit(event.currentTarget.value);
              }}
            />
            {step(quantity + 1, increaseLabel(name), '+')}
          </div>
        </div>
      </div>
      <div className="cart-page__end">
        <p className="cart-page__line-total">
          <span className="visually-hidden">{TEXT.lineTotal} </span>
          {money(entry.lineTotalCents)}
        </p>
        <button
          type="button"
          className="cart-page__remove"
          data-remove-entry={entry.id}
          aria-label={removeLabel(name)}
          aria-disabled={busy || undefined}
          onClick={() => busy || onRemove()}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
