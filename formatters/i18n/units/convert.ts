/**
 * Exact unit conversion: value × factor (+ offset) into the category's base
 * unit, then back out. A private big.js constructor keeps 40 decimal places
 * without changing the precision other modules get from big.js.
 */
import BigJs, { type Big } from 'big.js';
import { UNITS } from './unit-catalog.ts';

const B = BigJs();
B.DP = 40;

export type Decimal = Big;

const ratios = new Map<string, Big>();

function ratio(text: string): Big {
  let r = ratios.get(text);
  if (r === undefined) {
    const slash = text.indexOf('/');
    r = slash < 0 ? new B(text) : new B(text.slice(0, slash)).div(text.slice(slash + 1));
    ratios.set(text, r);
  }
  return r;
}

export function decimal(text: string): Big {
  return new B(text);
}

function toBase(value: Big, unit: string): Big {
  const def = UNITS[unit]!;
  const f = ratio(def.factor);
  if (def.inverse) return value.eq(0) ? value : f.div(value);
  const scaled = value.times(f);
  return def.offset ? scaled.plus(ratio(def.offset)) : scaled;
}

function fromBase(base: Big, unit: string): Big {
  const def = UNITS[unit]!;
  const f = ratio(def.factor);
  if (def.inverse) return base.eq(0) ? base : f.div(base);
  const shifted = def.offset ? base.minus(ratio(def.offset)) : base;
  return shifted.div(f);
}

/** convert(decimal('12'), 'inch', 'foot') → 1 */
export function convert(value: Big, from: string, to: string): Big {
  if (from === to) return value;
  return fromBase(toBase(value, from), to);
}
