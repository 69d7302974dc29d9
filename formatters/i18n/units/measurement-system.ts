/**
 * Which measurement system a locale's region uses (CLDR measurementData):
 * US customary in the United States, Liberia and Myanmar, imperial in the
 * United Kingdom, metric elsewhere.
 */
import { memo } from '../intl-cache.ts';
import { regionOf } from '../locale.ts';

export type MeasurementSystem = 'metric' | 'us' | 'uk';

const US_REGIONS = new Set(['US', 'LR', 'MM']);
const systems = new Map<string, MeasurementSystem>();

export function measurementSystem(locale: string): MeasurementSystem {
  return memo(systems, locale, () => {
    const region = regionOf(locale);
    if (US_REGIONS.has(region)) return 'us';
    return region === 'GB' ? 'uk' : 'metric';
  });
}
