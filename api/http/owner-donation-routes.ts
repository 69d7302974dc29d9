/**
 * The owner's donations panel and mailing list (issue 24). Donations: the
 * paid ones, newest first, with what they add up to, and a CSV export.
 * Mailing list: every address that joined and whether it unsubscribed, and
 * sending a newsletter, which goes only to addresses still subscribed, each
 * with its own signed unsubscribe link and List-Unsubscribe headers.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { majorUnitsText } from '../../domain/money/minor-units-text.ts';
import { toCsv } from '../../shared/csv.ts';
import { type Donation, listPaidDonations } from '../repositories/donation-repository.ts';
import { listSubscribers } from '../repositories/mailing-list-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { NEWSLETTER_LIMITS, sendNewsletter } from '../services/newsletter-mail.ts';
import { requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';

export const OWNER_DONATIONS_PATH = '/api/owner/donations';
export const OWNER_MAILING_LIST_PATH = '/api/owner/mailing-list';
const LIST_LIMIT = 500;
const EXPORT_LIMIT = 10_000;

const newsletterSchema = z.object({
  subject: z.string().max(NEWSLETTER_LIMITS.subject * 2),
  text: z.string().max(NEWSLETTER_LIMITS.text * 2),
});

const donationJson = (donation: Donation) => ({
  id: donation.id,
  createdOn: donation.createdOn.toISOString(),
  causeTitle: donation.causeTitle,
  amountCents: donation.amountCents,
  currency: donation.currency,
  donorName: donation.donorName,
  donorEmail: donation.donorEmail,
  note: donation.note,
  testMode: donation.testMode,
});

export async function ownerDonationRoutes(app: FastifyInstance, options: { db: Db; secret: string }): Promise<void> {
  const { db } = options;

  ownerRoute(app, {
    method: 'GET',
    url: OWNER_DONATIONS_PATH,
    permission: 'orders:read',
    handler: async (request) => {
      const websiteId = requireOwner(request).site.website.id;
      const { donations, totals } = await listPaidDonations(db, websiteId, LIST_LIMIT);
      return { donations: donations.map(donationJson), totals };
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${OWNER_DONATIONS_PATH}/export`,
    permission: 'orders:read',
    handler: async (request, reply) => {
      const websiteId = requireOwner(request).site.website.id;
      const { donations } = await listPaidDonations(db, websiteId, EXPORT_LIMIT);
      const columns = ['Date', 'Cause', 'Name', 'Email', 'Currency', 'Amount', 'Note', 'Test'];
      const rows = donations.map((donation) => [
        donation.createdOn.toISOString(),
        donation.causeTitle,
        donation.donorName,
        donation.donorEmail,
        donation.currency,
        majorUnitsText(donation.amountCents, donation.currency) ?? donation.amountCents,
        donation.note,
        donation.testMode ? 'yes' : 'no',
      ]);
      // A byte order mark, so spreadsheets read the UTF-8 as UTF-8; what donors typed is guarded as formulas.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="donations.csv"')
        .send(`\uFEFF${toCsv(columns, rows, { guardFormulas: true })}`);
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: OWNER_MAILING_LIST_PATH,
    permission: 'form-submissions:read',
    handler: async (request) => {
      const websiteId = requireOwner(request).site.website.id;
      const subscribers = await listSubscribers(db, websiteId);
      return {
        subscribers: subscribers.map((subscriber) => ({
          email: subscriber.email,
          source: subscriber.source,
          subscribedOn: subscriber.subscribedOn.toISOString(),
          unsubscribedOn: subscriber.unsubscribedOn?.toISOString() ?? null,
          status: subscriber.unsubscribedOn === null ? 'subscribed' : 'unsubscribed',
        })),
      };
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: `${OWNER_MAILING_LIST_PATH}/newsletters`,
    permission: 'form-submissions:write',
    handler: async (request) => {
      const { site } = requireOwner(request);
      const body = parseOwnerInput(newsletterSchema, request.body);
      return sendNewsletter(
        db,
        {
          websiteId: site.website.id,
          siteTitle: site.website.siteTitle,
          origin: `${request.protocol}://${request.host}`,
          secret: options.secret,
        },
        body,
      );
    },
  });
}
