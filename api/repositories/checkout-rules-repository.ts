/**
 * The store owner's checkout rules (migration 0020) as the pure pricing in
 * domain/checkout/ takes them, the few facts of a cart's products pricing
 * needs beyond the cart (weights, categories), and each discount's uses.
 */
import type {
  CheckoutRules,
  Discount,
  RateBand,
  ShippingRate,
  ShippingZone,
  TaxRate,
  TaxSettings,
  ZoneArea,
} from '../../domain/checkout/checkout-rules.ts';
import { newId } from '../db/ids.ts';
import { json } from '../db/json.ts';
import { readJsonColumns } from '../db/read-json.ts';
import type { StoreSettings } from '../db/schema.ts';
import { type Db, inTransaction } from './transaction.ts';

export function taxSettingsOf(settings: StoreSettings): TaxSettings {
  return { pricesIncludeTax: settings.pricesIncludeTax === true, rounding: settings.taxRounding ?? 'line' };
}

/** Every rule of a website, read in parallel (four small tables, one query each). */
export async function loadCheckoutRules(db: Db, websiteId: string, settings: StoreSettings): Promise<CheckoutRules> {
  const [zoneRows, rateRows, taxRows, discountRows] = await Promise.all([
    db
      .selectFrom('shippingZones')
      .selectAll()
      .where('websiteId', '=', websiteId)
      .orderBy('displayIndex')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('shippingRates')
      .selectAll()
      .where('websiteId', '=', websiteId)
      .orderBy('displayIndex')
      .orderBy('id')
      .execute(),
    db.selectFrom('taxRates').selectAll().where('websiteId', '=', websiteId).orderBy('id').execute(),
    db
      .selectFrom('discounts')
      .selectAll()
      .where('websiteId', '=', websiteId)
      .orderBy('createdOn')
      .orderBy('id')
      .execute(),
  ]);
  const zones: ShippingZone[] = zoneRows.map((stored) => {
    const row = readJsonColumns('shippingZones', stored);
    return { id: row.id, name: row.name, areas: row.areas };
  });
  const rates: ShippingRate[] = rateRows.map((stored) => {
    const row = readJsonColumns('shippingRates', stored);
    return {
      id: row.id,
      zoneId: row.zoneId,
      name: row.name,
      kind: row.kind,
      amountCents: row.amountMinor,
      bands: row.bands,
      freeOverCents: row.freeOverMinor,
      description: row.description,
    };
  });
  const taxRates: TaxRate[] = taxRows.map((row) => ({
    id: row.id,
    name: row.name,
    country: row.country,
    region: row.region,
    ratePercent: row.ratePercent,
    appliesToShipping: row.appliesToShipping,
  }));
  const discounts: Discount[] = discountRows.map((stored) => {
    const row = readJsonColumns('discounts', stored);
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      kind: row.kind,
      value: row.value,
      minimumSubtotalCents: row.minimumSubtotalMinor,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      usageLimit: row.usageLimit,
      perCustomerLimit: row.perCustomerLimit,
      timesUsed: row.timesUsed,
      productIds: row.productIds,
      categories: row.categories,
      active: row.active,
    };
  });
  return { zones, rates, taxRates, discounts, tax: taxSettingsOf(settings) };
}

export interface ProductFacts {
  /** By variant id. */
  weights: Map<string, number>;
  /** By item id. */
  categories: Map<string, string[]>;
}

/** The weights of the cart's variants and the categories of its products, in one query. */
export async function loadProductFacts(
  db: Db,
  websiteId: string,
  variantIds: readonly string[],
): Promise<ProductFacts> {
  const unique = [...new Set(variantIds)];
  if (unique.length === 0) return { weights: new Map(), categories: new Map() };
  const rows = await db
    .selectFrom('productVariants as variant')
    .innerJoin('items as item', (join) =>
      join.onRef('item.websiteId', '=', 'variant.websiteId').onRef('item.id', '=', 'variant.itemId'),
    )
    .select(['variant.id', 'variant.itemId', 'variant.weightGrams', 'item.categories'])
    .where('variant.websiteId', '=', websiteId)
    .where('variant.id', 'in', unique)
    .execute();
  const weights = new Map<string, number>();
  const categories = new Map<string, string[]>();
  for (const stored of rows) {
    const row = readJsonColumns('items', stored);
    weights.set(row.id, row.weightGrams);
    categories.set(row.itemId, row.categories);
  }
  return { weights, categories };
}

/**
 * Rules read earlier (kept per content version) with the current use counts
 * of the discounts that have a usage limit: a sale moves those counts without
 * moving the version (migration 0041). The rules given are not changed.
 */
export async function withCurrentDiscountUses(db: Db, websiteId: string, rules: CheckoutRules): Promise<CheckoutRules> {
  const limited = rules.discounts.filter((discount) => discount.usageLimit !== null).map((discount) => discount.id);
  if (limited.length === 0) return rules;
  const rows = await db
    .selectFrom('discounts')
    .select(['id', 'timesUsed'])
    .where('websiteId', '=', websiteId)
    .where('id', 'in', limited)
    .execute();
  const uses = new Map(rows.map((row) => [row.id, row.timesUsed]));
  return {
    ...rules,
    discounts: rules.discounts.map((discount) =>
      uses.has(discount.id) ? { ...discount, timesUsed: uses.get(discount.id)! } : discount,
    ),
  };
}

/** How many orders a customer (by email, any case) has placed with each of these discounts. */
export async function customerDiscountUses(
  db: Db,
  websiteId: string,
  email: string,
  discountIds: readonly string[],
): Promise<Map<string, number>> {
  if (discountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('discountUses')
    .select(['discountId', (eb) => eb.fn.countAll<string>().as('uses')])
    .where('websiteId', '=', websiteId)
    .where('discountId', 'in', [...discountIds])
    .where('customerEmail', '=', email.toLowerCase())
    .groupBy('discountId')
    .execute();
  return new Map(rows.map((row) => [row.discountId, Number(row.uses)]));
}

export type ClaimResult = { ok: true } | { ok: false; discountId: string; reason: 'used-up' | 'customer-used' };

/**
 * Counts an order's use of its discounts, inside the transaction that
 * places it. Each discount's row is taken with a conditional update that
 * only passes under its limit, which also holds the row's lock until the
 * order commits: a second checkout of the same code waits, then sees the new
 * count. The per-customer count is read under that lock, so it is exact too.
 * In a fixed order (by id), so two orders with the same codes cannot deadlock.
 * When one cannot be used, the uses counted before it are taken back, as
 * placeOrder puts back stock (the caller may go on with the transaction).
 */
export async function claimDiscountUses(
  trx: Db,
  websiteId: string,
  orderId: string,
  customerEmail: string | null,
  discounts: readonly Pick<Discount, 'id' | 'perCustomerLimit'>[],
): Promise<ClaimResult> {
  const email = customerEmail?.toLowerCase() ?? null;
  const claimed: string[] = [];
  const refuse = async (discountId: string, reason: 'used-up' | 'customer-used'): Promise<ClaimResult> => {
    for (const id of claimed) await releaseDiscountUse(trx, websiteId, id, orderId);
    return { ok: false, discountId, reason };
  };
  for (const discount of [...discounts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const row = await trx
      .updateTable('discounts')
      .set((eb) => ({ timesUsed: eb('timesUsed', '+', 1) }))
      .where('websiteId', '=', websiteId)
      .where('id', '=', discount.id)
      .where((eb) => eb.or([eb('usageLimit', 'is', null), eb('timesUsed', '<', eb.ref('usageLimit'))]))
      .returning('perCustomerLimit')
      .executeTakeFirst();
    if (!row) return refuse(discount.id, 'used-up');
    await trx
      .insertInto('discountUses')
      .values({ websiteId, discountId: discount.id, orderId, customerEmail: email })
      .execute();
    claimed.push(discount.id);
    if (row.perCustomerLimit !== null && email !== null) {
      const used = await customerDiscountUses(trx, websiteId, email, [discount.id]);
      // This order's own use is counted already.
      if ((used.get(discount.id) ?? 0) > row.perCustomerLimit) return refuse(discount.id, 'customer-used');
    }
  }
  return { ok: true };
}

/** Takes back every use an order counted (its payment failed): its codes may be used again. */
export async function releaseOrderDiscountUses(trx: Db, websiteId: string, orderId: string): Promise<void> {
  const uses = await trx
    .selectFrom('discountUses')
    .select('discountId')
    .where('websiteId', '=', websiteId)
    .where('orderId', '=', orderId)
    .orderBy('discountId')
    .execute();
  for (const { discountId } of uses) await releaseDiscountUse(trx, websiteId, discountId, orderId);
}

async function releaseDiscountUse(trx: Db, websiteId: string, discountId: string, orderId: string): Promise<void> {
  await trx
    .deleteFrom('discountUses')
    .where('websiteId', '=', websiteId)
    .where('discountId', '=', discountId)
    .where('orderId', '=', orderId)
    .execute();
  await trx
    .updateTable('discounts')
    .set((eb) => ({ timesUsed: eb('timesUsed', '-', 1) }))
    .where('websiteId', '=', websiteId)
    .where('id', '=', discountId)
    .execute();
}

// ---------------------------------------------------------------------------
// Writing rules: the demo seed and tests (the owner's admin screens are to come).

export interface NewShippingZone {
  id?: string;
  name: string;
  areas: ZoneArea[];
  rates: Array<{
    id?: string;
    name: string;
    kind: ShippingRate['kind'];
    amountCents?: string;
    bands?: RateBand[];
    freeOverCents?: string | null;
    description?: string | null;
  }>;
}

export async function createShippingZone(db: Db, websiteId: string, zone: NewShippingZone, displayIndex = 0) {
  const zoneId = zone.id ?? newId();
  await db
    .insertInto('shippingZones')
    .values({ websiteId, id: zoneId, name: zone.name, areas: json(zone.areas), displayIndex })
    .execute();
  if (zone.rates.length > 0) {
    await db
      .insertInto('shippingRates')
      .values(
        zone.rates.map((rate, index) => ({
          websiteId,
          id: rate.id ?? newId(),
          zoneId,
          name: rate.name,
          kind: rate.kind,
          amountMinor: rate.amountCents ?? '0',
          bands: json(rate.bands ?? []),
          freeOverMinor: rate.freeOverCents ?? null,
          description: rate.description ?? null,
          displayIndex: index,
        })),
      )
      .execute();
  }
  return zoneId;
}

export async function createTaxRate(db: Db, websiteId: string, rate: Omit<TaxRate, 'id'> & { id?: string }) {
  const id = rate.id ?? newId();
  await db
    .insertInto('taxRates')
    .values({
      websiteId,
      id,
      name: rate.name,
      country: rate.country,
      region: rate.region,
      ratePercent: rate.ratePercent,
      appliesToShipping: rate.appliesToShipping,
    })
    .execute();
  return id;
}

export type NewDiscount = Partial<Omit<Discount, 'name' | 'kind' | 'timesUsed'>> &
  Pick<Discount, 'name' | 'kind'> & { createdOn?: Date };

export async function createDiscount(db: Db, websiteId: string, discount: NewDiscount) {
  const id = discount.id ?? newId();
  await db
    .insertInto('discounts')
    .values({
      websiteId,
      id,
      code: discount.code ? discount.code.trim().toUpperCase() : null,
      name: discount.name,
      kind: discount.kind,
      value: discount.value ?? '0',
      minimumSubtotalMinor: discount.minimumSubtotalCents ?? null,
      startsOn: discount.startsOn ?? null,
      endsOn: discount.endsOn ?? null,
      usageLimit: discount.usageLimit ?? null,
      perCustomerLimit: discount.perCustomerLimit ?? null,
      productIds: json(discount.productIds ?? []),
      categories: json(discount.categories ?? []),
      active: discount.active ?? true,
      ...(discount.createdOn ? { createdOn: discount.createdOn } : {}),
    })
    .execute();
  return id;
}

/** A variant's shipping weight in grams. */
export async function setVariantWeight(db: Db, websiteId: string, variantId: string, weightGrams: number) {
  await db
    .updateTable('productVariants')
    .set({ weightGrams })
    .where('websiteId', '=', websiteId)
    .where('id', '=', variantId)
    .execute();
}

// ---------------------------------------------------------------------------
// The owner's changes (api/http/owner-checkout-rules-routes.ts): each replaces
// one rule whole, by its id, so a form that saves twice leaves one copy.

/** A zone and its rates as the owner saved them last; the old rates go. */
export async function saveShippingZone(db: Db, websiteId: string, zone: NewShippingZone & { id: string }) {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('shippingZones').where('websiteId', '=', websiteId).where('id', '=', zone.id).execute();
    const position = await trx
      .selectFrom('shippingZones')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('websiteId', '=', websiteId)
      .executeTakeFirstOrThrow();
    await createShippingZone(trx, websiteId, zone, Number(position.n));
  });
}

export async function deleteShippingZone(db: Db, websiteId: string, zoneId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('shippingZones')
    .where('websiteId', '=', websiteId)
    .where('id', '=', zoneId)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

export async function saveTaxRate(db: Db, websiteId: string, rate: TaxRate) {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('taxRates').where('websiteId', '=', websiteId).where('id', '=', rate.id).execute();
    await createTaxRate(trx, websiteId, rate);
  });
}

export async function deleteTaxRate(db: Db, websiteId: string, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('taxRates')
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

export type SaveDiscountResult = { ok: true } | { ok: false; reason: 'code-taken' | 'limit-below-uses' };

/**
 * A discount as the owner saved it; how often it was used stays (and its
 * uses), so a new limit below that count is refused rather than broken.
 */
export async function saveDiscount(
  db: Db,
  websiteId: string,
  discount: NewDiscount & { id: string },
): Promise<SaveDiscountResult> {
  const code = discount.code ? discount.code.trim().toUpperCase() : null;
  return inTransaction(db, async (trx) => {
    if (code !== null) {
      const other = await trx
        .selectFrom('discounts')
        .select('id')
        .where('websiteId', '=', websiteId)
        .where('code', '=', code)
        .where('id', '<>', discount.id)
        .executeTakeFirst();
      if (other) return { ok: false, reason: 'code-taken' };
    }
    const existing = await trx
      .selectFrom('discounts')
      .select('timesUsed')
      .where('websiteId', '=', websiteId)
      .where('id', '=', discount.id)
      .forUpdate()
      .executeTakeFirst();
    if (!existing) {
      await createDiscount(trx, websiteId, discount);
      return { ok: true };
    }
    if (discount.usageLimit != null && discount.usageLimit < existing.timesUsed) {
      return { ok: false, reason: 'limit-below-uses' };
    }
    await trx
      .updateTable('discounts')
      .set({
        code,
        name: discount.name,
        kind: discount.kind,
        value: discount.value ?? '0',
        minimumSubtotalMinor: discount.minimumSubtotalCents ?? null,
        startsOn: discount.startsOn ?? null,
        endsOn: discount.endsOn ?? null,
        usageLimit: discount.usageLimit ?? null,
        perCustomerLimit: discount.perCustomerLimit ?? null,
        productIds: json(discount.productIds ?? []),
        categories: json(discount.categories ?? []),
        active: discount.active ?? true,
      })
      .where('websiteId', '=', websiteId)
      .where('id', '=', discount.id)
      .execute();
    return { ok: true };
  });
}

export async function deleteDiscount(db: Db, websiteId: string, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('discounts')
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}
