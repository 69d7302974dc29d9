/**
 * The orders panel's forms (issue 22), checked by the same schema in the
 * admin app and on the server: fulfilling (how it ships and which lines,
 * all optional: without lines, everything left ships) and
 * a refund (an amount in minor units, and why).
 */
import { z } from 'zod';
import { fractionDigits } from '../domain/money/currencies.ts';

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((text) => (text === '' ? null : text))
    .optional()
    .transform((text) => text ?? null);

/** Some of one order line, in a partial fulfilment. */
const shippedLineSchema = z.object({
  lineNumber: z.number().int().min(1, 'Choose a line of the order.'),
  quantity: z.number().int('Enter a whole quantity.').min(1, 'Ship at least one of a line you choose.'),
});

export const fulfilOrderSchema = z.object({
  /** What this parcel holds; absent, everything the order has left. */
  lines: z
    .array(shippedLineSchema)
    .min(1, 'Choose at least one line to fulfil.')
    .max(500)
    .refine(
      (lines) => new Set(lines.map((line) => line.lineNumber)).size === lines.length,
      'Name each line of the order once.',
    )
    .optional(),
  trackingNumber: optionalText(100, 'A tracking number is at most 100 characters.'),
  carrier: optionalText(100, 'A carrier is at most 100 characters.'),
  trackingUrl: optionalText(2000, 'A tracking address is at most 2000 characters.').refine(
    (url) => url === null || /^https?:\/\/[^\s]+$/i.test(url),
    'Enter a tracking address starting with https:// or http://.',
  ),
});

export const refundOrderSchema = z.object({
  amountCents: z.string().regex(/^[1-9]\d{0,11}$/, 'Enter an amount to refund greater than zero.'),
  reason: z.string().trim().max(500, 'A reason is at most 500 characters.').default(''),
});

export type FulfilOrderInput = z.infer<typeof fulfilOrderSchema>;
export type RefundOrderInput = z.infer<typeof refundOrderSchema>;

/** What the owner types in the refund form, in the order's currency: '12.5' USD → '1250', '500' JPY → '500'; undefined for anything else. */
export function amountToMinor(text: string, currency: string): string | undefined {
  const digits = fractionDigits(currency);
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text.trim());
  const fraction = match?.[2] ?? '';
  if (!match || fraction.length > digits) return undefined;
  return (BigInt(match[1] ?? '0') * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0')).toString();
}
