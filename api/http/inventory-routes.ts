/** The inventory stock call of spec section 7. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../api-errors.ts';
import { isId } from '../db/ids.ts';
import { getStock } from '../repositories/product-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { requireSite } from './site.ts';
import { parseInput } from './validation.ts';

const stockQuery = z.object({ itemId: z.string().refine(isId, 'Expected an item id.') });

export async function inventoryRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const handler = async (request: Parameters<typeof requireSite>[1]) => {
    const { itemId } = parseInput(stockQuery, request.query);
    const site = await requireSite(options.db, request);
    const stock = await getStock(options.db, site.website.id, itemId);
    if (stock.results.length === 0) throw new ApiError('product-not-found');
    return stock;
  };
  app.get('/api/commerce/inventory/stock/', handler);
  app.get('/api/commerce/inventory/stock', handler);
}
