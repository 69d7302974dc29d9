/**
 * Donations (migration 0040): recorded 'pending' before the payment provider
 * is asked, then settled by its answer. Only paid ones are the owner's list
 * and totals; a declined one stays as a record of the attempt.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { newId } from '../db/ids.ts';
import type { DonationStatus } from '../db/schema.ts';
import type { Db } from './transaction.ts';

export interface Donation {
  websiteId: string;
  id: string;
  causeKey: string;
  causeTitle: string;
  pageUrlId: string;
  amountCents: string;
  currency: string;
  donorName: string;
  donorEmail: string;
  note: string;
  status: DonationStatus;
  provider: string;
  providerPaymentId: string | null;
  declineMessage: string | null;
  testMode: boolean;
  confirmToken: string;
  createdOn: Date;
  paidOn: Date | null;
}

export interface NewDonation {
  websiteId: string;
  causeKey: string;
  causeTitle: string;
  pageUrlId: string;
  amountCents: string;
  currency: string;
  donorName: string;
  donorEmail: string;
  note: string;
  provider: string;
  testMode: boolean;
}

const COLUMNS = [
  'websiteId',
  'id',
  'causeKey',
  'causeTitle',
  'pageUrlId',
  'amountMinor as amountCents',
  'currency',
  'donorName',
  'donorEmail',
  'note',
  'status',
  'provider',
  'providerPaymentId',
  'declineMessage',
  'testMode',
  'confirmToken',
  'createdOn',
  'paidOn',
] as const;

/** The contribution-confirmed page's token: 32 hex characters, unguessable. */
export const isConfirmToken = (token: string | null): token is string => token !== null && /^[0-9a-f]{32}$/.test(token);

export async function recordDonation(db: Db, donation: NewDonation): Promise<Donation> {
  const { amountCents, ...rest } = donation;
  return db
    .insertInto('donations')
    .values({ ...rest, id: newId(), amountMinor: amountCents, confirmToken: randomBytes(16).toString('hex') })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export interface DonationSettlement {
  status: DonationStatus;
  providerPaymentId: string | null;
  declineMessage?: string | null;
}

/**
 * Settles a donation still waiting for its payment, with the row locked;
 * undefined when it was settled already (a second answer for the same
 * payment: the first one stands).
 */
export async function settleDonation(
  trx: Db,
  websiteId: string,
  id: string,
  settlement: DonationSettlement,
): Promise<Donation | undefined> {
  return trx
    .updateTable('donations')
    .set({
      status: settlement.status,
      providerPaymentId: settlement.providerPaymentId,
      declineMessage: settlement.declineMessage ?? null,
      paidOn: settlement.status === 'paid' ? sql<Date>`now()` : null,
    })
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'requires-action'])
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** The card asked for a second step: the donation waits for it under the provider's payment id. */
export async function markDonationAwaitingStep(
  db: Db,
  websiteId: string,
  id: string,
  providerPaymentId: string,
): Promise<void> {
  await db
    .updateTable('donations')
    .set({ status: 'requires-action', providerPaymentId })
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Donations of every website still waiting for their payment since before `before`, oldest first. */
export async function donationsWaitingBefore(
  db: Db,
  provider: string,
  before: Date,
  limit: number,
): Promise<Donation[]> {
  return db
    .selectFrom('donations')
    .select(COLUMNS)
    .where('status', 'in', ['pending', 'requires-action'])
    .where('createdOn', '<', before)
    .where('provider', '=', provider)
    .orderBy('createdOn')
    .limit(limit)
    .execute();
}

export async function getDonation(db: Db, websiteId: string, id: string): Promise<Donation | undefined> {
  return db
    .selectFrom('donations')
    .select(COLUMNS)
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A paid donation by its confirmation token (the contribution-confirmed page's address). */
export async function findPaidDonationByToken(db: Db, websiteId: string, token: string): Promise<Donation | undefined> {
  if (!isConfirmToken(token)) return undefined;
  return db
    .selectFrom('donations')
    .select(COLUMNS)
    .where('websiteId', '=', websiteId)
    .where('confirmToken', '=', token)
    .where('status', '=', 'paid')
    .executeTakeFirst();
}

/** A donation waiting for its payment's second step, by the provider's payment id. */
export async function findDonationByProviderPayment(
  db: Db,
  websiteId: string,
  provider: string,
  providerPaymentId: string,
): Promise<Donation | undefined> {
  return db
    .selectFrom('donations')
    .select(COLUMNS)
    .where('websiteId', '=', websiteId)
    .where('provider', '=', provider)
    .where('providerPaymentId', '=', providerPaymentId)
    .executeTakeFirst();
}

export interface DonationTotal {
  currency: string;
  amountCents: string;
  count: number;
}

/** The paid donations, newest first, and what they add up to per currency (a store may change its currency). */
export async function listPaidDonations(
  db: Db,
  websiteId: string,
  limit: number,
): Promise<{ donations: Donation[]; totals: DonationTotal[] }> {
  const [donations, totals] = await Promise.all([
    db
      .selectFrom('donations')
      .select(COLUMNS)
      .where('websiteId', '=', websiteId)
      .where('status', '=', 'paid')
      .orderBy('createdOn', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('donations')
      .select((eb) => [
        'currency',
        sql<string>`sum(amount_minor)::text`.as('amountCents'),
        eb.fn.countAll<string>().as('count'),
      ])
      .where('websiteId', '=', websiteId)
      .where('status', '=', 'paid')
      .groupBy('currency')
      .orderBy('currency')
      .execute(),
  ]);
  return { donations, totals: totals.map((row) => ({ ...row, count: Number(row.count) })) };
}
