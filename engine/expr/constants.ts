/** Names that read as literal values rather than data references; they shadow data keys of the same name. */
import type { Literal } from './types.ts';

export const CONSTANTS: Readonly<Record<string, Literal>> = {
  true: true,
  false: false,
  null: null,
  PI: Math.PI,
  E: Math.E,
  Infinity: Number.POSITIVE_INFINITY,
  NaN: Number.NaN,
};
