/** A product's variants and the option lists a variant picker shows. */

import { arrayOf, childOf, isRecord, toOutputString } from '../json-values.ts';
import { variantsOf } from '../product-json.ts';

export interface VariantOption {
  readonly name: string;
  readonly values: string[];
}

/**
 * The options in the store's `variantOptionOrdering`, each with the distinct
 * values the variants use, in first-seen order:
 * variantOptions(item) → [{name: 'color', values: ['blue', 'red']}, ...].
 * A product with fewer than two variants has nothing to choose, so [].
 * A name listed twice gets its values once, on its first entry.
 */
export function variantOptions(item: unknown): VariantOption[] {
  const variants = variantsOf(item);
  if (variants.length <= 1) return [];
  const options = arrayOf(childOf(item, 'structuredContent'), 'variantOptionOrdering').map(
    (name): VariantOption => ({ name: toOutputString(name), values: [] }),
  );
  const byName = new Map<string, VariantOption>();
  for (const option of options) if (!byName.has(option.name)) byName.set(option.name, option);
  for (const variant of variants) {
    const attributes = childOf(variant, 'attributes');
    if (!isRecord(attributes)) continue;
    for (const [name, option] of byName) {
      if (!Object.hasOwn(attributes, name)) continue;
      const value = toOutputString(attributes[name]);
      if (!option.values.includes(value)) option.values.push(value);
    }
  }
  return options;
}

/** 'blue / large' from a variant's optionValues. */
export function variantDescriptor(variant: unknown): string {
  return arrayOf(variant, 'optionValues')
    .map((o) => toOutputString(childOf(o, 'value')))
    .join(' / ');
}
