/**
 * Named groups of units, largest first, from which the formatter picks the
 * unit a value reads best in (`compact:length`, and the default when a
 * template gives no `out`). Several differ by measurement system.
 */

import type { MeasurementSystem } from './measurement-system.ts';
import type { UnitCategory } from './unit-catalog.ts';
import { UNITS } from './unit-catalog.ts';

type BySystem = Readonly<Record<MeasurementSystem, readonly string[]>>;

const same = (units: readonly string[]): BySystem => ({ metric: units, us: units, uk: units });

const DURATION = [
  'century',
  'year',
  'month',
  'day',
  'hour',
  'minute',
  'second',
  'millisecond',
  'microsecond',
  'nanosecond',
];
const METRIC_LIQUID = ['megaliter', 'hectoliter', 'liter', 'deciliter', 'centiliter', 'milliliter'];
const US_LIQUID = ['gallon', 'quart', 'pint', 'cup', 'fluid-ounce', 'tablespoon', 'teaspoon'];
const METRIC_LENGTH = ['kilometer', 'meter', 'centimeter', 'millimeter'];
const US_LENGTH = ['mile', 'yard', 'foot', 'inch'];

export const FACTOR_SETS: Readonly<Record<string, BySystem>> = {
  acceleration: same(['meter-per-second-squared']),
  angle: same(['degree', 'arc-minute', 'arc-second']),
  area: {
    metric: ['square-kilometer', 'hectare', 'square-meter', 'square-centimeter'],
    us: ['square-mile', 'acre', 'square-foot', 'square-inch'],
    uk: ['square-mile', 'acre', 'square-foot', 'square-inch'],
  },
  bits: same(['terabit', 'gigabit', 'megabit', 'kilobit', 'bit']),
  bytes: same(['terabyte', 'gigabyte', 'megabyte', 'kilobyte', 'byte']),
  consumption: {
    metric: ['liter-per-100kilometers'],
    us: ['mile-per-gallon'],
    uk: ['mile-per-gallon-imperial'],
  },
  digital: same(['terabyte', 'gigabyte', 'megabyte', 'kilobyte', 'byte']),
  duration: same(DURATION),
  'duration-large': same(['century', 'year', 'month', 'day']),
  'duration-small': same(['day', 'hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond']),
  electric: same(['ampere', 'milliampere']),
  energy: same(['kilojoule', 'joule']),
  frequency: same(['gigahertz', 'megahertz', 'kilohertz', 'hertz']),
  length: { metric: METRIC_LENGTH, us: US_LENGTH, uk: US_LENGTH },
  liquid: { metric: METRIC_LIQUID, us: US_LIQUID, uk: METRIC_LIQUID },
  mass: {
    metric: ['metric-ton', 'kilogram', 'gram', 'milligram'],
    us: ['ton', 'pound', 'ounce'],
    uk: ['metric-ton', 'kilogram', 'gram', 'milligram'],
  },
  power: same(['gigawatt', 'megawatt', 'kilowatt', 'watt']),
  pressure: { metric: ['hectopascal'], us: ['inch-hg'], uk: ['hectopascal'] },
  speed: { metric: ['kilometer-per-hour'], us: ['mile-per-hour'], uk: ['mile-per-hour'] },
  temperature: { metric: ['celsius'], us: ['fahrenheit'], uk: ['celsius'] },
  volume: {
    metric: ['cubic-kilometer', 'cubic-meter', 'cubic-centimeter'],
    us: ['cubic-mile', 'cubic-yard', 'cubic-foot', 'cubic-inch'],
    uk: ['cubic-kilometer', 'cubic-meter', 'cubic-centimeter'],
  },
};

const LIQUID = new Set([...METRIC_LIQUID, ...US_LIQUID, 'gallon-imperial', 'pint-metric', 'cup-metric']);

/** The set a unit's values default to: its category's, with digital and volume split by kind. */
export function defaultSetName(unit: string): string {
  const category: UnitCategory = UNITS[unit]!.category;
  if (category === 'digital') return unit.endsWith('bit') ? 'bits' : 'bytes';
  if (category === 'volume') return LIQUID.has(unit) ? 'liquid' : 'volume';
  return category;
}

export function factorSet(name: string, system: MeasurementSystem): readonly string[] | undefined {
  return FACTOR_SETS[name]?.[system];
}
