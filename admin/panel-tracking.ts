/**
 * Sends an admin panel's tracking event (shared/inventory-panel.ts names
 * them). Tracking never stands in the owner's way: a lost event is only lost.
 */
import type { InventoryPanelEvent } from '../shared/inventory-panel.ts';
import { ownerRequest } from './owner-api.ts';

export function trackPanelEvent(
  event: InventoryPanelEvent,
  data: Record<string, string | number | boolean> = {},
): void {
  ownerRequest('/api/owner/panel-events', { method: 'POST', body: { event, data } }).catch(() => {});
}
