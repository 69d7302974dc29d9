/** How many items a summary block shows: its stored limit as a whole number, never negative. */
export function summaryLimit(limit: unknown): number {
  return typeof limit === 'number' && Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
}
