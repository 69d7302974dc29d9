/**
 * Site data supplies the time zone (`website.timeZone`), and Intl throws on
 * an unknown one; an unusable zone falls back to the spec's default store
 * zone, New York.
 */
import { memo } from '../intl-cache.ts';

export const DEFAULT_TIME_ZONE = 'America/New_York';

const zones = new Map<string, string>();

/** safeTimeZone('Europe/Paris') → 'Europe/Paris'; safeTimeZone('Mars/Base') → 'America/New_York' */
export function safeTimeZone(zone: string | undefined): string {
  if (zone === undefined || zone === '') return DEFAULT_TIME_ZONE;
  return memo(zones, zone, () => {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      return DEFAULT_TIME_ZONE;
    }
  });
}
