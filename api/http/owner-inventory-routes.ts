/**
 * The inventory panel's calls (spec section 2): the products with their
 * variants' stock (search, sort by name, stock or price, pages), a change
 * to one variant's stock with its reason, logged with who made it
 * (inventory-adjustment-repository.ts), the log, and the scarcity settings
 * (kept in the store settings, where product pages read them).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DEFAULT_SCARCITY_THRESHOLD,
  INVENTORY_PAGE_SIZE,
  inventorySettingsSchema,
  stockAdjustmentSchema,
} from '../../shared/inventory-panel.ts';
import { ApiError } from '../api-errors.ts';
import {
  adjustStock,
  INVENTORY_SORTS,
  listAdjustments,
  listInventory,
} from '../repositories/inventory-adjustment-repository.ts';
import { mergeStoreSettings } from '../repositories/site-settings-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { getWebsite } from '../repositories/website-repository.ts';
import { requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';
import { stockActor } from './stock-actor.ts';
import { parseInput } from './validation.ts';

export const OWNER_INVENTORY_PATH = '/api/owner/inventory';

const inventoryQuery = z.object({
  search: z.string().max(200).default(''),
  sort: z.enum(INVENTORY_SORTS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(INVENTORY_PAGE_SIZE),
});

const adjustmentsQuery = z.object({
  variantId: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export async function ownerInventoryRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  ownerRoute(app, {
    method: 'GET',
    url: OWNER_INVENTORY_PATH,
    permission: 'inventory:read',
    handler: async (request) => {
      const websiteId = requireOwner(request).site.website.id;
      const query = parseInput(inventoryQuery, request.query);
      const found = await listInventory(db, websiteId, {
        search: query.search,
        sort: query.sort,
        direction: query.direction,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return { ...found, page: query.page, pageSize: query.pageSize };
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: `${OWNER_INVENTORY_PATH}/adjustments`,
    permission: 'inventory:write',
    handler: async (request, reply) => {
      const owner = requireOwner(request);
      const change = parseOwnerInput(stockAdjustmentSchema, request.body);
      const result = await adjustStock(
        db,
        owner.site.website.id,
        change.variantId,
        { quantityChange: change.quantityChange, unlimited: change.unlimited },
        change.reason,
        stockActor(owner),
      );
      if (!result.ok) throw new ApiError(result.reason === 'not-found' ? 'variant-not-found' : 'stock-below-zero');
      reply.code(201);
      return { adjustment: result.adjustment };
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${OWNER_INVENTORY_PATH}/adjustments`,
    permission: 'inventory:read',
    handler: async (request) => {
      const query = parseInput(adjustmentsQuery, request.query);
      return { adjustments: await listAdjustments(db, requireOwner(request).site.website.id, query) };
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${OWNER_INVENTORY_PATH}/settings`,
    permission: 'inventory:read',
    handler: async (request) => settingsJson(requireOwner(request).site.settings.storeSettings),
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${OWNER_INVENTORY_PATH}/settings`,
    permission: 'inventory:write',
    handler: async (request) => {
      const websiteId = requireOwner(request).site.website.id;
      const body = parseOwnerInput(inventorySettingsSchema, request.body);
      // Merged, so the store settings the site settings panel keeps are left as they are.
      await mergeStoreSettings(db, websiteId, {
        scarcityEnabled: body.scarcityOnProductPage,
        scarcityBlocksEnabled: body.scarcityOnProductBlocks,
        scarcityThreshold: body.scarcityThreshold,
      });
      const site = await getWebsite(db, websiteId);
      if (!site) throw new ApiError('website-not-found');
      return settingsJson(site.settings.storeSettings);
    },
  });
}

function settingsJson(store: {
  scarcityEnabled?: boolean;
  scarcityBlocksEnabled?: boolean;
  scarcityThreshold?: number;
}) {
  return {
    scarcityOnProductPage: store.scarcityEnabled ?? false,
    scarcityOnProductBlocks: store.scarcityBlocksEnabled ?? false,
    scarcityThreshold: store.scarcityThreshold ?? DEFAULT_SCARCITY_THRESHOLD,
  };
}
