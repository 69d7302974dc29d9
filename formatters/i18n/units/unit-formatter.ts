/**
 * The `unit` formatter and message argument. Options:
 * `in:UNIT` the value's unit; `out:UNIT` the unit to show, or `out:A,B,C`
 * to show the best fitting of several; `sequence:A,B,C` to split the value
 * over units ("1028′ 9″"); `compact:SET` to pick from a named set
 * (length, mass, bytes, duration, ...); `format:narrow|short|long`;
 * `group` and the digit options of `decimal`. Without `out`, the value is
 * shown in the best unit of its kind for the locale's measurement system
 * ("342.9yd" for 12345 inches in en-US). Values keep one decimal by default.
 */
import type { Formatter } from '../../../engine/index.ts';
import { toDecimal } from '../decimal-value.ts';
import { numberFormat, pluralRule } from '../intl-cache.ts';
import { resolveLocale } from '../locale.ts';
import { type DigitOptions, digitOptions, intlDigits } from '../number-format.ts';
import { optionBoolean, optionValue, type ParsedOptions, parseOptions } from '../options.ts';
import { convert, type Decimal, decimal } from './convert.ts';
import { defaultSetName, factorSet } from './factor-sets.ts';
import { measurementSystem } from './measurement-system.ts';
import { UNITS, unitId } from './unit-catalog.ts';
import { hasOwnTable, type UnitWidth, unitPattern } from './unit-patterns.ts';

const WIDTHS = new Set<string>(['narrow', 'short', 'long']);

interface UnitRequest {
  readonly input?: string;
  /** One unit, or several to choose the best from. */
  readonly output?: readonly string[];
  readonly sequence?: readonly string[];
  readonly compact?: string;
  readonly width: UnitWidth;
  readonly group: boolean;
  readonly digits: DigitOptions;
}

const requests = new WeakMap<ParsedOptions, UnitRequest>();

const unitList = (text: string | undefined): string[] | undefined => {
  if (text === undefined) return undefined;
  const ids = text
    .split(',')
    .map(unitId)
    .filter((id): id is string => id !== undefined);
  return ids.length > 0 ? ids : undefined;
};

function request(options: ParsedOptions): UnitRequest {
  let r = requests.get(options);
  if (r === undefined) {
    const inputText = optionValue(options, 'in');
    const width = optionValue(options, 'format', 'length') ?? options.flags.find((f) => WIDTHS.has(f));
    r = {
      input: inputText === undefined ? undefined : unitId(inputText),
      output: unitList(optionValue(options, 'out')),
      sequence: unitList(optionValue(options, 'sequence')),
      compact: optionValue(options, 'compact'),
      width: width !== undefined && WIDTHS.has(width) ? (width as UnitWidth) : 'narrow',
      group: optionBoolean(options, 'group') ?? false,
      digits: digitOptions(options),
    };
    requests.set(options, r);
  }
  return r;
}

/** Units of the same kind as `unit`, largest first, for this locale. */
function candidates(req: UnitRequest, unit: string, locale: string): readonly string[] | undefined {
  const system = measurementSystem(locale);
  if (req.compact !== undefined) return factorSet(req.compact, system);
  return factorSet(defaultSetName(unit), system);
}

/** The first unit in which the value is at least 1, else the smallest. */
function best(value: Decimal, from: string, units: readonly string[]): { unit: string; value: Decimal } {
  const category = UNITS[from]!.category;
  let last: { unit: string; value: Decimal } | undefined;
  for (const unit of units) {
    if (UNITS[unit]!.category !== category) continue;
    const v = convert(value, from, unit);
    last = { unit, value: v };
    if (v.abs().gte(1)) return last;
  }
  return last ?? { unit: from, value };
}

function numberOptions(req: UnitRequest): Intl.NumberFormatOptions {
  const d = req.digits;
  // One decimal unless told otherwise; an explicit maximum also shows its zeros ("0.510").
  const fixed: DigitOptions = d.maxFrac !== undefined && d.minFrac === undefined ? { ...d, minFrac: d.maxFrac } : d;
  const base: Intl.NumberFormatOptions = {
    useGrouping: req.group ? 'auto' : false,
    signDisplay: 'negative',
    minimumFractionDigits: 0,
    maximumFractionDigits: Math.max(1, fixed.minFrac ?? 0),
  };
  return intlDigits(fixed, base);
}

// Unit output follows the CLDR generation that groups French digits with U+00A0.
const groupSpace = (s: string): string => s.replace(/\u202f/g, '\u00a0');

function render(value: Decimal, unit: string, locale: string, req: UnitRequest, options: Intl.NumberFormatOptions) {
  const text = value.toFixed();
  const number = groupSpace(numberFormat(locale, options).format(text as Intl.StringNumericLiteral));
  const category = pluralRule(locale, { ...pluralDigits(options) }).select(Math.abs(Number(text)));
  if (!hasOwnTable(locale)) {
    const intl = intlUnit(value, unit, locale, req.width, options);
    if (intl !== undefined) return intl;
  }
  const pattern = unitPattern(locale, unit, req.width, category) ?? `{0} ${unit}`;
  return pattern.replace('{0}', number);
}

function pluralDigits(o: Intl.NumberFormatOptions): Intl.PluralRulesOptions {
  const out: Intl.PluralRulesOptions = {};
  if (o.minimumFractionDigits !== undefined) out.minimumFractionDigits = o.minimumFractionDigits;
  if (o.maximumFractionDigits !== undefined) out.maximumFractionDigits = o.maximumFractionDigits;
  if (o.minimumSignificantDigits !== undefined) out.minimumSignificantDigits = o.minimumSignificantDigits;
  if (o.maximumSignificantDigits !== undefined) out.maximumSignificantDigits = o.maximumSignificantDigits;
  return out;
}

// Intl's unit style covers the common units in every locale it knows.
function intlUnit(value: Decimal, unit: string, locale: string, width: UnitWidth, o: Intl.NumberFormatOptions) {
  try {
    return groupSpace(
      numberFormat(locale, { ...o, style: 'unit', unit, unitDisplay: width }).format(
        value.toFixed() as Intl.StringNumericLiteral,
      ),
    );
  } catch {
    return undefined;
  }
}

function sequenceText(
  value: Decimal,
  from: string,
  units: readonly string[],
  locale: string,
  req: UnitRequest,
): string {
  const category = UNITS[from]!.category;
  const list = units.filter((u) => UNITS[u]!.category === category);
  if (list.length === 0) return '';
  const negative = value.lt(0);
  let rest = convert(value.abs(), from, list[0]!);
  const parts: string[] = [];
  const whole: Intl.NumberFormatOptions = { useGrouping: req.group ? 'auto' : false, maximumFractionDigits: 0 };
  for (let i = 0; i < list.length; i++) {
    const unit = list[i]!;
    const last = i === list.length - 1;
    const shown = last ? rest : rest.round(0, 0);
    if (!shown.eq(0) || (last && parts.length === 0)) {
      const signed = negative && parts.length === 0 ? shown.neg() : shown;
      parts.push(render(signed, unit, locale, req, last ? numberOptions(req) : whole));
    }
    if (!last) rest = convert(rest.minus(shown), unit, list[i + 1]!);
  }
  return parts.join(' ');
}

/** formatUnitValue('12345', parseOptions(['in:inch']), 'en-US') → '342.9yd' */
export function formatUnitValue(raw: unknown, options: ParsedOptions, locale: string): string {
  const text = toDecimal(raw);
  if (text === undefined) return '';
  const req = request(options);
  const value = decimal(text);
  const target = req.sequence?.[0] ?? req.output?.[0];
  let from = req.input;
  if (from === undefined) {
    // No `in`: the value is in the smallest unit the locale uses for the requested kind.
    const kind = target ?? undefined;
    if (kind === undefined) return numberFormat(locale, numberOptions(req)).format(text as Intl.StringNumericLiteral);
    from = candidates(req, kind, locale)?.at(-1) ?? kind;
  }
  if (req.sequence) return sequenceText(value, from, req.sequence, locale, req);
  let chosen: { unit: string; value: Decimal };
  if (req.output && req.compact === undefined) {
    chosen =
      req.output.length === 1
        ? { unit: req.output[0]!, value: convert(value, from, req.output[0]!) }
        : best(value, from, req.output);
    if (UNITS[chosen.unit]!.category !== UNITS[from]!.category) return '';
  } else {
    chosen = best(value, from, candidates(req, from, locale) ?? [from]);
  }
  return render(chosen.value, chosen.unit, locale, req, numberOptions(req));
}

/** Compile-time check: unit names, set names and widths a template gives must exist. */
export function checkUnitArgs(args: readonly string[]): string | undefined {
  const options = parseOptions(args);
  for (const key of ['in', 'out', 'sequence']) {
    const text = options.values.get(key);
    if (text !== undefined && unitList(text) === undefined) return `unknown unit '${text}' in ${key}:`;
  }
  const compact = options.values.get('compact');
  if (compact !== undefined && factorSet(compact, 'metric') === undefined)
    return `unknown unit set '${compact}' in compact:`;
  const width = options.values.get('format');
  if (width !== undefined && !WIDTHS.has(width)) return `format: must be narrow, short or long, not '${width}'`;
  return undefined;
}

export const unitFormatter: Formatter = {
  args: { min: 0, check: checkUnitArgs },
  format: (value, args, ctx) => formatUnitValue(value, parseOptions(args), resolveLocale(ctx.locale)),
};
