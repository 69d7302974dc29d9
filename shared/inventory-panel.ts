/**
 * The inventory panel (spec section 2: search, sort by name, stock or price,
 * row expand, row click, next page, and settings with the scarcity toggles
 * for the product page and blocks plus a scarcity threshold): its tracking
 * event names, its page size, and the shapes of a stock change and of the
 * settings, shared by the admin app and the owner inventory routes.
 */
import { boolean, type infer as Infer, number, object, string } from 'zod';

/** Spec section 2, the inventory panel's tracking events, one per thing the section names. */
export const INVENTORY_PANEL_EVENTS = {
  search: 'inventory_search',
  sortName: 'inventory_sort_name',
  sortStock: 'inventory_sort_stock',
  sortPrice: 'inventory_sort_price',
  rowExpand: 'inventory_row_expand',
  rowClick: 'inventory_row_click',
  nextPage: 'inventory_next_page',
  settings: 'inventory_settings',
  scarcityProductPageToggle: 'inventory_settings_scarcity_product_page_toggle',
  scarcityBlocksToggle: 'inventory_settings_scarcity_blocks_toggle',
  scarcityThreshold: 'inventory_settings_scarcity_threshold',
} as const;

export type InventoryPanelEvent = (typeof INVENTORY_PANEL_EVENTS)[keyof typeof INVENTORY_PANEL_EVENTS];

export const PANEL_EVENT_NAMES: readonly string[] = Object.values(INVENTORY_PANEL_EVENTS);

/** Products a page of the panel lists. */
export const INVENTORY_PAGE_SIZE = 10;

/** Where the scarcity message shows when the owner never chose (the demo store's figure too). */
export const DEFAULT_SCARCITY_THRESHOLD = 5;

export const INVENTORY_MESSAGES = {
  reasonMissing: 'Please say why the stock changes.',
  reasonTooLong: 'The reason can be at most 500 characters long.',
  quantityInvalid: 'Enter a whole number of units to add (such as 5) or take off (such as -2).',
  nothingChanged: 'Enter how many units to add or take off.',
  thresholdInvalid: 'The threshold is a whole number from 1 to 999.',
} as const;

export const MAX_STOCK_CHANGE = 1_000_000;

export const stockAdjustmentSchema = object({
  variantId: string().max(100),
  quantityChange: number()
    .int(INVENTORY_MESSAGES.quantityInvalid)
    .min(-MAX_STOCK_CHANGE, INVENTORY_MESSAGES.quantityInvalid)
    .max(MAX_STOCK_CHANGE, INVENTORY_MESSAGES.quantityInvalid),
  /** Makes the variant unlimited, or limited again; absent leaves it as it is. */
  unlimited: boolean().optional(),
  reason: string().trim().min(1, INVENTORY_MESSAGES.reasonMissing).max(500, INVENTORY_MESSAGES.reasonTooLong),
}).refine((change) => change.quantityChange !== 0 || change.unlimited !== undefined, {
  message: INVENTORY_MESSAGES.nothingChanged,
  path: ['quantityChange'],
});
export type StockAdjustmentInput = Infer<typeof stockAdjustmentSchema>;

export const inventorySettingsSchema = object({
  /** The scarcity message ('Only 3 left in stock') on product pages. */
  scarcityOnProductPage: boolean(),
  /** …and on product cards in lists and blocks. */
  scarcityOnProductBlocks: boolean(),
  /** The message shows once a variant's stock is at or below this. */
  scarcityThreshold: number()
    .int(INVENTORY_MESSAGES.thresholdInvalid)
    .min(1, INVENTORY_MESSAGES.thresholdInvalid)
    .max(999, INVENTORY_MESSAGES.thresholdInvalid),
});
export type InventorySettings = Infer<typeof inventorySettingsSchema>;
