export * from './currencies.ts';
export * from './decimal.ts';
export * from './default-format.ts';
export * from './errors.ts';
export * from './format-money.ts';
export * from './locale-currency.ts';
export * from './locale-format.ts';
export * from './money.ts';
