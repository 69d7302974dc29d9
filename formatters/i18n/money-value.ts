/**
 * Reads a Money object as template data carries it: the legacy shape
 * `{ decimalValue, currencyCode }` or the newer `{ value, currency }`, where
 * both amounts are decimal strings (or numbers) in major units.
 */
import { toDecimal } from './decimal-value.ts';

export interface MoneyAmount {
  /** Major units as an exact decimal string: '1234.50'. */
  readonly decimal: string;
  /** ISO 4217 code, upper case. */
  readonly currency: string;
}

const CURRENCY = /^[A-Za-z]{3}$/;

/** readMoney({ decimalValue: '1.5', currencyCode: 'USD' }) → { decimal: '1.5', currency: 'USD' } */
export function readMoney(value: unknown): MoneyAmount | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const m = value as Record<string, unknown>;
  const decimal = toDecimal(m.decimalValue ?? m.value);
  const code = m.currencyCode ?? m.currency;
  if (decimal === undefined || typeof code !== 'string' || !CURRENCY.test(code)) return undefined;
  return { decimal, currency: code.toUpperCase() };
}
