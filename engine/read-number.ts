/**
 * How a template value is read as a number: the one place for it, for the
 * expression language's arithmetic and for the formatters and predicates.
 * Numbers are themselves, booleans 1 / 0, and null, missing, arrays and
 * objects 0. Text is where the reference engine's parts go their own ways,
 * and templates written against it rely on each one's way, so the reading
 * is named at each call.
 */
import { parseNumericString } from './expr/number-literal.ts';

export const NUMBER_READINGS = {
  /**
   * The leading decimal, without exponent, after any leading white space:
   * ' -3.5px' → -3.5, '1.5e2' → 1.5, '12 left' → 12. Core formatters and
   * predicates, and commerce counts (stock, quantities, billing cycles).
   */
  'leading-decimal': (text: string): number => {
    const lead = /^\s*([-+]?(?:\d+\.?\d*|\.\d+))/.exec(text);
    return lead ? Number(lead[1]) : Number.NaN;
  },
  /**
   * The leading number, where an exponent counts only after a decimal
   * point: '1.5e2x' → 150, '1e2' → 1, '12abc' → 12. Dates and social
   * counts, which arrive as text from imports.
   */
  'leading-number': (text: string): number => {
    const lead = /^\s*[-+]?(?:\d+\.\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\d+)/.exec(text);
    return lead ? Number.parseFloat(lead[0]) : Number.NaN;
  },
  /** parseFloat when the text has a decimal point, parseInt otherwise: '1e3' → 1, '.5e4' → 5000. The content family. */
  'parse-float': (text: string): number => (text.includes('.') ? Number.parseFloat(text) : Number.parseInt(text, 10)),
  /** The whole text as a numeric literal of the expression language ('0x10' → 16, ' 1' → NaN): expression arithmetic. */
  'numeric-literal': parseNumericString,
} as const satisfies Record<string, (text: string) => number>;

export type NumberReading = keyof typeof NUMBER_READINGS;

/** readNumber(' 3.5px', 'leading-decimal') → 3.5; readNumber(true, …) → 1; readNumber([], …) → 0; unreadable text → NaN. */
export function readNumber(value: unknown, reading: NumberReading): number {
  switch (typeof value) {
    case 'number':
      return value;
    case 'boolean':
      return value ? 1 : 0;
    case 'string':
      return NUMBER_READINGS[reading](value);
    default:
      return 0;
  }
}
