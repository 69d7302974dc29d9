/**
 * The product's variant picker (templates/markup/commerce-variants-select.html).
 * The server prints a select and a radio group per option; the island keeps
 * both on one choice, shows the one the template asks for
 * (data-variant-display="radio" on the picker or an ancestor; select
 * otherwise) and shows the chosen variant's price, mark, stock state and
 * picture on the rest of the page (variant-page-effects.ts).
 */
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { IslandProps } from '../island-types.ts';
import { type Choice, matchVariant, parseVariants, type Variant } from '../product-variants.ts';
import { createVariantEffects, variantSummary } from '../variant-page-effects.ts';

export interface VariantOption {
  name: string;
  title: string;
  selectText: string;
  values: string[];
}

export interface VariantPickerProps extends IslandProps {
  options: VariantOption[];
  variants: Variant[];
  display: 'select' | 'radio';
}

/** Reads the options off the server markup before React replaces it. */
export function readVariantPicker(element: HTMLElement): Omit<VariantPickerProps, keyof IslandProps> {
  const options = Array.from(element.querySelectorAll<HTMLElement>('.variant-option')).flatMap((option) => {
    const select = option.querySelector<HTMLSelectElement>('select[data-variant-option-name]');
    if (!select) return [];
    return [
      {
        name: select.dataset.variantOptionName ?? '',
        title: (option.querySelector('.variant-option-title')?.textContent ?? '').replace(/:\s*$/, '').trim(),
        selectText: select.getAttribute('aria-label') ?? '',
        values: Array.from(select.options)
          .map((o) => o.value)
          .filter((v) => v !== ''),
      },
    ];
  });
  const preference = element.closest<HTMLElement>('[data-variant-display]')?.dataset.variantDisplay;
  return { options, variants: parseVariants(element), display: preference === 'radio' ? 'radio' : 'select' };
}

export function VariantPicker({ element, options, variants, display }: VariantPickerProps) {
  const [choice, setChoice] = useState<Choice>({});
  const idPrefix = useId();
  const effects = useMemo(() => createVariantEffects(element), [element]);
  const names = useMemo(() => options.map((o) => o.name), [options]);
  const variant = matchVariant(variants, names, choice);
  const first = useRef(true);

  useLayoutEffect(() => {
    element.dataset.variantDisplay = display;
  }, [element, display]);

  useLayoutEffect(() => {
    // The server's page already shows the product with nothing chosen.
    if (first.current) {
      first.current = false;
      return;
    }
    // Every change of the choice is told, also one that names no variant yet: the button's alert is about the old one.
    effects.show(variant, choice);
  }, [effects, variant, choice]);

  const choose = (name: string, value: string) => setChoice((previous) => ({ ...previous, [name]: value }));

  return (
    <>
      {options.map((option, index) => {
        const titleId = `${idPrefix}-title-${index}`;
        const inputName = `${idPrefix}-option-${index}`;
        return (
          <div className="variant-option" key={option.name}>
            <div className="variant-option-title" id={titleId}>
              {option.title}:{' '}
            </div>
            <div className="variant-select-wrapper">
              <select
                aria-label={option.selectText}
                data-variant-option-name={option.name}
                value={choice[option.name] ?? ''}
                onChange={(event) => choose(option.name, event.target.value)}
              >
                <option value="">{option.selectText}</option>
                {option.values.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            </div>
            <div
              className="variant-radiobtn-wrapper"
              role="radiogroup"
              aria-labelledby={titleId}
              data-variant-option-name={option.name}
            >
              {option.values.map((value, valueIndex) => {
                const inputId = `${inputName}-${valueIndex}`;
                return (
                  <span className="variant-radiobtn-choice" key={value}>
                    <input
                      type="radio"
                      className="variant-radiobtn"
                      id={inputId}
                      name={inputName}
                      value={value}
                      checked={choice[option.name] === value}
                      onChange={() => choose(option.name, value)}
                    />
                    <label className="sqs-button-element--secondary" htmlFor={inputId}>
                      {value}
                    </label>
                  </span>
                );
              })}
            </div>
          </div>
        );
      })}
      <p className="visually-hidden" aria-live="polite">
        {variant ? variantSummary(variant, element) : ''}
      </p>
    </>
  );
}
