/**
 * A product's options and variants in the editor. Options are named (Size,
 * Color) with the values the owner lists; a variant is one combination with
 * its SKU, price, sale price, stock (or unlimited) and weight. A digital
 * product or a membership has one price and no options (spec section 3).
 */
import { useId, useState } from 'react';
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import { hasSingleVariant, hasStock, type VariantInput } from '../../shared/product-input.ts';
import { blankVariant, type EditorProduct, variantsForOptions } from './product-editor-model.ts';

interface Props {
  product: EditorProduct;
  onChange(change: Pick<EditorProduct, 'optionNames' | 'variants'>): void;
  problems: Record<string, string>;
  disabled: boolean;
  currency: string;
}

/** Each option's values as the variants have them, in first-seen order, comma separated. */
function valuesOf(product: EditorProduct): string[] {
  return product.optionNames.map((name) =>
    [...new Set(product.variants.map((variant) => variant.options[name] ?? '').filter(Boolean))].join(', '),
  );
}

const splitValues = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean),
  ),
];

export function ProductVariantsEditor({ product, onChange, problems, disabled, currency }: Props) {
  const id = useId();
  const [values, setValues] = useState<string[]>(() => valuesOf(product));
  const single = hasSingleVariant(product.productType);
  const stocked = hasStock(product.productType);
  const physical = product.productType === PRODUCT_TYPES.physical;
  const { optionNames, variants } = product;

  const setVariant = (index: number, change: Partial<VariantInput>) =>
    onChange({
      optionNames,
      variants: variants.map((variant, at) => (at === index ? { ...variant, ...change } : variant)),
    });
  const renameOption = (index: number, name: string) => {
    const old = optionNames[index]!;
    onChange({
      optionNames: optionNames.map((other, at) => (at === index ? name : other)),
      variants: variants.map((variant) => {
        const { [old]: value, ...rest } = variant.options;
        return { ...variant, options: { ...rest, [name]: value ?? '' } };
      }),
    });
  };
  const removeOption = (index: number) => {
    const old = optionNames[index]!;
    setValues(values.filter((_, at) => at !== index));
    onChange({
      optionNames: optionNames.filter((_, at) => at !== index),
      variants: variants.map((variant) => {
        const { [old]: _gone, ...rest } = variant.options;
        return { ...variant, options: rest };
      }),
    });
  };
  const makeCombinations = () =>
    onChange({
      optionNames,
      variants: variantsForOptions(
        product,
        optionNames.map((name, index) => ({ name, values: splitValues(values[index] ?? '') })),
      ),
    });

  const problem = (path: string) => problems[path];
  const cellProblem = (path: string) =>
    problem(path) ? (
      <p className="field__problem" id={`${id}-${path}`}>
        {problem(path)}
      </p>
    ) : null;
  const invalid = (path: string) =>
    problem(path) ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${path}` } : {};

  return (
    <fieldset className="product-variants">
      <legend>{single ? 'Price' : 'Options and variants'}</legend>
      {single ? null : (
        <div className="product-options">
          {optionNames.map((name, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place in the list; its name changes as it is typed.
            <div className="product-options__row" key={index}>
              <div className="field">
                <label htmlFor={`${id}-option-${index}`}>Option {index + 1} name</label>
                <input
                  id={`${id}-option-${index}`}
                  name={`optionNames.${index}`}
                  value={name}
                  disabled={disabled}
                  onChange={(event) => renameOption(index, event.target.value)}
                  {...invalid(`optionNames.${index}`)}
                />
                {cellProblem(`optionNames.${index}`)}
              </div>
              <div className="field">
                <label htmlFor={`${id}-values-${index}`}>Option {index + 1} values</label>
                <input
                  id={`${id}-values-${index}`}
                  value={values[index] ?? ''}
                  placeholder="Small, Medium, Large"
                  disabled={disabled}
                  onChange={(event) => setValues(values.map((v, at) => (at === index ? event.target.value : v)))}
                />
              </div>
              {disabled ? null : (
                <button type="button" className="button button--danger" onClick={() => removeOption(index)}>
                  Remove option {index + 1}
                </button>
              )}
            </div>
          ))}
          {cellProblem('optionNames')}
          {disabled ? null : (
            <div className="row-actions">
              <button
                type="button"
                className="button"
                onClick={() => {
                  setValues([...values, '']);
                  onChange({ optionNames: [...optionNames, ''], variants });
                }}
              >
                Add option
              </button>
              {optionNames.length > 0 ? (
                <button type="button" className="button" onClick={makeCombinations}>
                  Make a variant for every combination
                </button>
              ) : null}
            </div>
          )}
        </div>
      )}
      {cellProblem('variants')}
      <div className="table-scroll">
        <table className="table variants-table">
          <caption className="visually-hidden">Variants</caption>
          <thead>
            <tr>
              {optionNames.map((name, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above, an option's name may be empty or repeated while typed.
                <th scope="col" key={index}>
                  {name || `Option ${index + 1}`}
                </th>
              ))}
              <th scope="col">SKU</th>
              <th scope="col">Price ({currency})</th>
              <th scope="col">Sale price</th>
              {stocked ? <th scope="col">Stock</th> : null}
              {physical ? <th scope="col">Weight (g)</th> : null}
              {single || disabled ? null : (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {variants.map((variant, index) => {
              const at = (field: string) => `variants.${index}.${field}`;
              const which = `variant ${index + 1}`;
              return (
                <tr key={variant.id ?? `new-${index}`}>
                  {optionNames.map((name, optionIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                    <td key={optionIndex}>
                      <input
                        aria-label={`${name || `Option ${optionIndex + 1}`} of ${which}`}
                        name={at(`options.${name}`)}
                        value={variant.options[name] ?? ''}
                        disabled={disabled}
                        onChange={(event) =>
                          setVariant(index, { options: { ...variant.options, [name]: event.target.value } })
                        }
                        {...invalid(at(`options.${name}`))}
                      />
                      {cellProblem(at(`options.${name}`))}
                    </td>
                  ))}
                  <td>
                    <input
                      aria-label={`SKU of ${which}`}
                      name={at('sku')}
                      value={variant.sku}
                      disabled={disabled}
                      onChange={(event) => setVariant(index, { sku: event.target.value })}
                      {...invalid(at('sku'))}
                    />
                    {cellProblem(at('sku'))}
                    {cellProblem(at('options'))}
                  </td>
                  <td>
                    <input
                      aria-label={`Price of ${which}`}
                      name={at('price')}
                      inputMode="decimal"
                      value={variant.price}
                      disabled={disabled}
                      onChange={(event) => setVariant(index, { price: event.target.value })}
                      {...invalid(at('price'))}
                    />
                    {cellProblem(at('price'))}
                  </td>
                  <td>
                    <label className="inline-check">
                      <input
                        type="checkbox"
                        checked={variant.onSale}
                        disabled={disabled}
                        onChange={(event) => setVariant(index, { onSale: event.target.checked })}
                      />
                      On sale<span className="visually-hidden">, {which}</span>
                    </label>
                    {variant.onSale ? (
                      <input
                        aria-label={`Sale price of ${which}`}
                        name={at('salePrice')}
                        inputMode="decimal"
                        value={variant.salePrice}
                        disabled={disabled}
                        onChange={(event) => setVariant(index, { salePrice: event.target.value })}
                        {...invalid(at('salePrice'))}
                      />
                    ) : null}
                    {cellProblem(at('salePrice'))}
                  </td>
                  {stocked ? (
                    <td>
                      <label className="inline-check">
                        <input
                          type="checkbox"
                          checked={variant.unlimited}
                          disabled={disabled}
                          onChange={(event) => setVariant(index, { unlimited: event.target.checked })}
                        />
                        Unlimited<span className="visually-hidden">, {which}</span>
                      </label>
                      {variant.unlimited ? null : (
                        <input
                          aria-label={`Stock of ${which}`}
                          name={at('qtyInStock')}
                          type="number"
                          min={0}
                          step={1}
                          value={variant.qtyInStock}
                          disabled={disabled}
                          onChange={(event) => setVariant(index, { qtyInStock: Number(event.target.value) })}
                          {...invalid(at('qtyInStock'))}
                        />
                      )}
                      {cellProblem(at('qtyInStock'))}
                    </td>
                  ) : null}
                  {physical ? (
                    <td>
                      <input
                        aria-label={`Weight in grams of ${which}`}
                        name={at('weightGrams')}
                        type="number"
                        min={0}
                        step={1}
                        value={variant.weightGrams}
                        disabled={disabled}
                        onChange={(event) => setVariant(index, { weightGrams: Number(event.target.value) })}
                        {...invalid(at('weightGrams'))}
                      />
                      {cellProblem(at('weightGrams'))}
                    </td>
                  ) : null}
                  {single || disabled ? null : (
                    <td>
                      <button
                        type="button"
                        className="button button--danger"
                        disabled={variants.length === 1}
                        onClick={() =>
                          onChange({ optionNames, variants: variants.filter((_, other) => other !== index) })
                        }
                      >
                        Remove<span className="visually-hidden"> {which}</span>
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {single || disabled ? null : (
        <button
          type="button"
          className="button"
          onClick={() => onChange({ optionNames, variants: [...variants, blankVariant(product.productType)] })}
        >
          Add variant
        </button>
      )}
    </fieldset>
  );
}
