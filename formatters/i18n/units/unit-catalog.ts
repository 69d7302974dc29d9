/**
 * Every unit the `unit` formatter converts: its category and its size in
 * the category's base unit. Sizes are exact decimals or ratios (big.js does
 * the arithmetic). Temperatures add an offset; fuel consumption in miles per
 * gallon is the inverse of litres per kilometre.
 */

export type UnitCategory =
  | 'acceleration'
  | 'angle'
  | 'area'
  | 'consumption'
  | 'digital'
  | 'duration'
  | 'electric'
  | 'energy'
  | 'frequency'
  | 'length'
  | 'mass'
  | 'power'
  | 'pressure'
  | 'speed'
  | 'temperature'
  | 'volume';

export interface UnitDef {
  readonly category: UnitCategory;
  /** Base units per unit, as 'n' or 'n/d'. */
  readonly factor: string;
  /** Added after scaling (temperatures), as 'n' or 'n/d'. */
  readonly offset?: string;
  /** True for units that are the reciprocal of the base (miles per gallon). */
  readonly inverse?: boolean;
}

const u = (category: UnitCategory, factor: string, extra: Partial<UnitDef> = {}): UnitDef => ({
  category,
  factor,
  ...extra,
});

// π as ICU's unit converter takes it (the double Math.PI, read as a decimal),
// so radians and parsecs convert to the same last digit as ICU-based formatters.
const PI = '3.141592653589793';
const RADIAN = `180/${PI}`;

const YEAR_SECONDS = '31556952'; // 365.2425 days

export const UNITS: Readonly<Record<string, UnitDef>> = {
  'g-force': u('acceleration', '9.80665'),
  'meter-per-second-squared': u('acceleration', '1'),

  degree: u('angle', '1'),
  'arc-minute': u('angle', '1/60'),
  'arc-second': u('angle', '1/3600'),
  revolution: u('angle', '360'),
  radian: u('angle', RADIAN),

  'square-centimeter': u('area', '0.0001'),
  'square-meter': u('area', '1'),
  'square-kilometer': u('area', '1000000'),
  hectare: u('area', '10000'),
  'square-inch': u('area', '0.00064516'),
  'square-foot': u('area', '0.09290304'),
  'square-yard': u('area', '0.83612736'),
  'square-mile': u('area', '2589988.110336'),
  acre: u('area', '4046.8564224'),

  // Base: litres per kilometre.
  'liter-per-kilometer': u('consumption', '1'),
  'liter-per-100kilometers': u('consumption', '0.01'),
  'mile-per-gallon': u('consumption', '3.785411784/1.609344', { inverse: true }),
  'mile-per-gallon-imperial': u('consumption', '4.54609/1.609344', { inverse: true }),

  // Base: bits. Bit prefixes are decimal, byte prefixes binary.
  bit: u('digital', '1'),
  kilobit: u('digital', '1000'),
  megabit: u('digital', '1000000'),
  gigabit: u('digital', '1000000000'),
  terabit: u('digital', '1000000000000'),
  byte: u('digital', '8'),
  kilobyte: u('digital', '8192'),
  megabyte: u('digital', '8388608'),
  gigabyte: u('digital', '8589934592'),
  terabyte: u('digital', '8796093022208'),
  petabyte: u('digital', '9007199254740992'),

  nanosecond: u('duration', '0.000000001'),
  microsecond: u('duration', '0.000001'),
  millisecond: u('duration', '0.001'),
  second: u('duration', '1'),
  minute: u('duration', '60'),
  hour: u('duration', '3600'),
  day: u('duration', '86400'),
  week: u('duration', '604800'),
  month: u('duration', `${YEAR_SECONDS}/12`),
  year: u('duration', YEAR_SECONDS),
  century: u('duration', `${YEAR_SECONDS}00`),

  milliampere: u('electric', '0.001'),
  ampere: u('electric', '1'),

  joule: u('energy', '1'),
  kilojoule: u('energy', '1000'),
  calorie: u('energy', '4.184'),
  kilocalorie: u('energy', '4184'),
  foodcalorie: u('energy', '4184'),
  'kilowatt-hour': u('energy', '3600000'),

  hertz: u('frequency', '1'),
  kilohertz: u('frequency', '1000'),
  megahertz: u('frequency', '1000000'),
  gigahertz: u('frequency', '1000000000'),

  picometer: u('length', '0.000000000001'),
  nanometer: u('length', '0.000000001'),
  micrometer: u('length', '0.000001'),
  millimeter: u('length', '0.001'),
  centimeter: u('length', '0.01'),
  decimeter: u('length', '0.1'),
  meter: u('length', '1'),
  kilometer: u('length', '1000'),
  'mile-scandinavian': u('length', '10000'),
  point: u('length', '0.0254/72'),
  inch: u('length', '0.0254'),
  foot: u('length', '0.3048'),
  yard: u('length', '0.9144'),
  fathom: u('length', '1.8288'),
  furlong: u('length', '201.168'),
  mile: u('length', '1609.344'),
  'nautical-mile': u('length', '1852'),
  'astronomical-unit': u('length', '149597870700'),
  'light-year': u('length', '9460730472580800'),
  // 648000/π astronomical units (IAU 2015): 149597870700 × 648000 metres over π.
  parsec: u('length', `96939420213600000/${PI}`),

  microgram: u('mass', '0.000000001'),
  milligram: u('mass', '0.000001'),
  gram: u('mass', '0.001'),
  kilogram: u('mass', '1'),
  'metric-ton': u('mass', '1000'),
  carat: u('mass', '0.0002'),
  ounce: u('mass', '0.028349523125'),
  'ounce-troy': u('mass', '0.0311034768'),
  pound: u('mass', '0.45359237'),
  stone: u('mass', '6.35029318'),
  ton: u('mass', '907.18474'),

  milliwatt: u('power', '0.001'),
  watt: u('power', '1'),
  kilowatt: u('power', '1000'),
  megawatt: u('power', '1000000'),
  gigawatt: u('power', '1000000000'),
  horsepower: u('power', '745.69987158227022'),

  hectopascal: u('pressure', '1'),
  millibar: u('pressure', '1'),
  'inch-hg': u('pressure', '33.86388640341'),
  'millimeter-of-mercury': u('pressure', '1.33322387415'),
  'pound-per-square-inch': u('pressure', '68.94757293168'),

  'meter-per-second': u('speed', '1'),
  'kilometer-per-hour': u('speed', '1000/3600'),
  'mile-per-hour': u('speed', '0.44704'),
  knot: u('speed', '1852/3600'),

  // Base: degrees Celsius.
  celsius: u('temperature', '1'),
  fahrenheit: u('temperature', '5/9', { offset: '-160/9' }),
  kelvin: u('temperature', '1', { offset: '-273.15' }),

  // Base: cubic metres.
  'cubic-centimeter': u('volume', '0.000001'),
  'cubic-meter': u('volume', '1'),
  'cubic-kilometer': u('volume', '1000000000'),
  'cubic-inch': u('volume', '0.000016387064'),
  'cubic-foot': u('volume', '0.028316846592'),
  'cubic-yard': u('volume', '0.764554857984'),
  'cubic-mile': u('volume', '4168181825.440579584'),
  'acre-foot': u('volume', '1233.48183754752'),
  milliliter: u('volume', '0.000001'),
  centiliter: u('volume', '0.00001'),
  deciliter: u('volume', '0.0001'),
  liter: u('volume', '0.001'),
  hectoliter: u('volume', '0.1'),
  megaliter: u('volume', '1000'),
  'pint-metric': u('volume', '0.0005'),
  'cup-metric': u('volume', '0.00025'),
  teaspoon: u('volume', '0.00000492892159375'),
  tablespoon: u('volume', '0.00001478676478125'),
  'fluid-ounce': u('volume', '0.0000295735295625'),
  cup: u('volume', '0.0002365882365'),
  pint: u('volume', '0.000473176473'),
  quart: u('volume', '0.000946352946'),
  gallon: u('volume', '0.003785411784'),
  'gallon-imperial': u('volume', '0.00454609'),
  bushel: u('volume', '0.03523907016688'),
};

// Spellings templates use for the same units.
const ALIASES: Readonly<Record<string, string>> = {
  amp: 'ampere',
  milliamp: 'milliampere',
  feet: 'foot',
  inches: 'inch',
  'meter-per-square-second': 'meter-per-second-squared',
  'liter-per-100-kilometer': 'liter-per-100kilometers',
  tonne: 'metric-ton',
  'inch-ofhg': 'inch-hg',
  'millimeter-ofhg': 'millimeter-of-mercury',
  'pound-force-per-square-inch': 'pound-per-square-inch',
  centuries: 'century',
};

/** unitId('kilograms') → 'kilogram'; unitId('feet') → 'foot'; unitId('x') → undefined */
export function unitId(name: string): string | undefined {
  const key = name.trim().toLowerCase();
  // Plurals too: "radians", "amps", "liters-per-kilometer".
  for (const k of [key, key.replace(/s(?=$|-)/, '')]) {
    if (UNITS[k]) return k;
    if (ALIASES[k]) return ALIASES[k];
  }
  return undefined;
}
