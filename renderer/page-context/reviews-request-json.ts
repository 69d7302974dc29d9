/**
 * The reviews request page (209), opened from the email sent some days
 * after an order was fulfilled (api/services/reviews-request.ts): the
 * order's products, once each, each linking to its own page's reviews
 * section with the buyer's name ready in the form (?reviewer=, read by the
 * reviews island). A product visitors can no longer see is listed without
 * a link.
 */
import type { PlacedOrder } from '../../api/repositories/order-repository.ts';

type Json = Record<string, unknown>;

export function reviewsRequestJson(order: PlacedOrder, productPaths: ReadonlyMap<string, string>): Json {
  const seen = new Set<string>();
  const products: Json[] = [];
  for (const line of order.items) {
    if (seen.has(line.itemId)) continue;
    seen.add(line.itemId);
    const path = productPaths.get(line.itemId);
    const reviewer = order.customerName ? `?${new URLSearchParams({ reviewer: order.customerName })}` : '';
    products.push({
      itemId: line.itemId,
      productName: line.productName,
      reviewUrl: path === undefined ? null : `${path}${reviewer}#reviews`,
    });
  }
  return {
    orderNumber: order.orderNumber,
    name: order.customerName ?? undefined,
    email: order.customerEmail ?? undefined,
    products,
  };
}
