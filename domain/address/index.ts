/** Shipping addresses: countries, their regions and their postal codes. */

export * from './address-check.ts';
export * from './countries.ts';
export * from './postal-codes.ts';
export * from './regions.ts';
