/**
 * The orders panel's forms (issue 22), checked by the same schema in the
 * admin app and on the server: fulfilling (how it ships, all optional) and
 * a refund (an amount in minor units, and why).
 */
import { z } from 'zod';

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((text) => (text === '' ? null : text))
    .optional()
    .transform((text) => text ?? null);

export const fulfilOrderSchema = z.object({
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
