/**
 * The donate page's amounts (page type 203), enhanced: typing an amount of
 * one's own ticks "Another amount", and ticking a preset clears what was
 * typed. Without it the form still works (a typed amount with no radio
 * ticked counts as one's own, a preset beside a typed amount is asked
 * about: domain/donations/donation-amount.ts); with it that question never
 * comes up. It works on the server's markup and renders nothing of its own.
 */
import { useEffect } from 'react';
import type { IslandProps } from '../island-types.ts';

/** Wires the fieldset; returns the way to unwire it. */
export function enhanceDonateAmounts(fieldset: HTMLElement): () => void {
  const custom = fieldset.querySelector<HTMLInputElement>('input[name="customAmount"]');
  const ownRadio = fieldset.querySelector<HTMLInputElement>('input[type="radio"][name="amount"][value="custom"]');
  if (!custom || !ownRadio) return () => {};
  const onInput = () => {
    if (custom.value.trim() !== '') ownRadio.checked = true;
  };
  const onChange = (event: Event) => {
    const radio = event.target as HTMLInputElement;
    if (radio.name === 'amount' && radio !== ownRadio && radio.checked) custom.value = '';
    // Choosing one's own amount goes on to typing it.
    if (radio === ownRadio && radio.checked) custom.focus();
  };
  custom.addEventListener('input', onInput);
  fieldset.addEventListener('change', onChange);
  return () => {
    custom.removeEventListener('input', onInput);
    fieldset.removeEventListener('change', onChange);
  };
}

export function DonateAmounts({ element }: IslandProps) {
  useEffect(() => enhanceDonateAmounts(element), [element]);
  return null;
}
