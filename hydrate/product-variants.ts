/**
 * A product's variants as the server prints them in the picker's
 * data-variants attribute (spec section 3, Variant), and the questions the
 * islands ask of them.
 */

export interface Variant {
  id?: unknown;
  sku?: unknown;
  /** Minor units. */
  price?: unknown;
  salePrice?: unknown;
  priceMoney?: { currency?: unknown };
  onSale?: unknown;
  unlimited?: unknown;
  qtyInStock?: unknown;
  attributes?: unknown;
  mainImageId?: unknown;
}

export type Choice = Record<string, string>;

export function parseVariants(element: HTMLElement): Variant[] {
  try {
    const parsed: unknown = JSON.parse(element.dataset.variants ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is Variant => typeof v === 'object' && v !== null) : [];
  } catch {
    return [];
  }
}

/** The variant whose attributes are exactly the chosen values of every named option. */
export function matchVariant(
  variants: readonly Variant[],
  names: readonly string[],
  choice: Choice,
): Variant | undefined {
  if (names.some((name) => !choice[name])) return undefined;
  return variants.find((candidate) => {
    const attributes = candidate.attributes;
    if (typeof attributes !== 'object' || attributes === null) return false;
    return names.every((name) => String((attributes as Record<string, unknown>)[name]) === choice[name]);
  });
}
