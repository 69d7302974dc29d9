/**
 * The reviews request (issue 24, page type 209): some days after an order
 * is fulfilled (storeSettings.reviewsRequestDays, 7 unless the owner sets
 * another; 0 sends none), the buyer gets an email asking what they think of
 * what they bought. The job is queued in the transaction that fulfils the
 * order, one per order (its unique key), and decides when it runs whether
 * the request still makes sense: an order cancelled or refunded meanwhile,
 * or without an email address, gets none; the order keeps when it was
 * sent, so a job run twice sends it once.
 *
 * The email's link is signed with the server's secret over the website and
 * the order number, so it opens that order's reviews page and no other; a
 * changed number or signature opens nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { enqueueJob } from '../jobs/job-queue.ts';
import type { JobHandler } from '../jobs/job-runner.ts';
import { enqueueMail, type MailMessage } from '../mail/index.ts';
import { getOrder, type PlacedOrder } from '../repositories/order-repository.ts';
import { listOrderRefunds } from '../repositories/owner-order-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';
import { getWebsite, type WebsiteWithSettings } from '../repositories/website-repository.ts';

export const REVIEWS_REQUEST_JOB = 'reviews-request';
export const DEFAULT_REVIEWS_REQUEST_DAYS = 7;
export const REVIEWS_REQUEST_PATH = '/commerce/reviews-request';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The days between fulfilment and the request the store asks for; 0 for none. */
export function reviewsRequestDays(site: WebsiteWithSettings): number {
  const days = site.settings.storeSettings.reviewsRequestDays;
  return typeof days === 'number' && Number.isInteger(days) && days >= 0 ? days : DEFAULT_REVIEWS_REQUEST_DAYS;
}

/**
 * Queues the request `days` after `fulfilledAt`, at most once per order
 * however often it is called. `origin` is where the site answers, for the link.
 */
export async function enqueueReviewsRequest(
  db: Db,
  input: { websiteId: string; orderId: string; fulfilledAt: Date; days: number; origin: string },
): Promise<string | undefined> {
  if (input.days <= 0) return undefined;
  return enqueueJob(db, {
    kind: REVIEWS_REQUEST_JOB,
    websiteId: input.websiteId,
    payload: { orderId: input.orderId, origin: input.origin },
    runAt: new Date(input.fulfilledAt.getTime() + input.days * DAY_MS),
    uniqueKey: `${REVIEWS_REQUEST_JOB}:${input.websiteId}:${input.orderId}`,
    maxAttempts: 5,
  });
}

function signatureOf(secret: string, websiteId: string, orderNumber: number): string {
  return createHmac('sha256', secret).update(`reviews-request:${websiteId}:${orderNumber}`).digest('hex').slice(0, 32);
}

/** The email's link: the reviews page of this order, signed. */
export function reviewsRequestLink(
  secret: string,
  origin: string,
  order: Pick<PlacedOrder, 'websiteId' | 'orderNumber'>,
): string {
  const url = new URL(REVIEWS_REQUEST_PATH, origin);
  url.searchParams.set('order', String(order.orderNumber));
  url.searchParams.set('signature', signatureOf(secret, order.websiteId, order.orderNumber));
  return url.href;
}

/** True when `signature` is the one this server gave the website's order number. */
export function isReviewsRequestSigned(
  secret: string,
  websiteId: string,
  orderNumber: number,
  signature: string,
): boolean {
  const expected = Buffer.from(signatureOf(secret, websiteId, orderNumber));
  const sent = Buffer.from(signature);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** The email itself. */
export function reviewsRequestMail(
  order: PlacedOrder,
  context: { siteTitle: string; link: string },
): MailMessage | undefined {
  if (!order.customerEmail) return undefined;
  const products = [...new Set(order.items.map((line) => line.productName))];
  return {
    kind: 'reviews-request',
    to: order.customerEmail,
    subject: `How do you like your order from ${context.siteTitle}?`,
    text: [
      order.customerName ? `Hello ${order.customerName},` : 'Hello,',
      '',
      `Your order #${order.orderNumber} from ${context.siteTitle} reached you a little while ago. Would you tell other shoppers what you think of it?`,
      '',
      ...products.map((name) => `  ${name}`),
      '',
      'Write a review (a minute or two; this link is for you alone):',
      context.link,
      '',
    ].join('\n'),
  };
}

/** Whether an order is still one to ask about: not cancelled, nothing refunded, someone to write to. */
async function stillAsks(db: Db, order: PlacedOrder): Promise<boolean> {
  if (order.status !== 'FULFILLED' || !order.customerEmail) return false;
  return (await listOrderRefunds(db, order.websiteId, order.id)).length === 0;
}

export function reviewsRequestJobHandlers(secret: string): Record<string, JobHandler> {
  return {
    [REVIEWS_REQUEST_JOB]: async (job, { db }) => {
      const orderId = typeof job.payload.orderId === 'string' ? job.payload.orderId : '';
      const origin = typeof job.payload.origin === 'string' ? job.payload.origin : '';
      if (!job.websiteId || !orderId || !origin)
        throw new Error('a reviews request names its website, order and origin');
      const [site, order] = await Promise.all([getWebsite(db, job.websiteId), getOrder(db, job.websiteId, orderId)]);
      // Gone, cancelled or refunded since: nothing to ask, and nothing to try again.
      if (!site || !order || !(await stillAsks(db, order))) return;
      const mail = reviewsRequestMail(order, {
        siteTitle: site.website.siteTitle,
        link: reviewsRequestLink(secret, origin, order),
      });
      if (!mail) return;
      const websiteId = job.websiteId;
      await inTransaction(db, async (trx) => {
        // Marked and queued together, once: a run again (a crash before the job was marked done) finds it marked.
        const marked = await trx
          .updateTable('orders')
          .set({ reviewsRequestedOn: sql<Date>`now()` })
          .where('websiteId', '=', websiteId)
          .where('id', '=', order.id)
          .where('reviewsRequestedOn', 'is', null)
          .executeTakeFirst();
        if (marked.numUpdatedRows > 0n) await enqueueMail(trx, websiteId, mail);
      });
    },
  };
}
