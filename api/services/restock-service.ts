/**
 * Restock notifications (spec sections 4, 5 and 7): a visitor signs up for
 * a sold-out variant, and the owner later sends every waiting sign-up its
 * notice. The API's restock calls come through here.
 */
import { isValidEmail } from '../../shared/form-validation.ts';
import { RESTOCK_MESSAGES } from '../../shared/restock-messages.ts';
import { ApiError } from '../api-errors.ts';
import { CAPTCHA_ERROR_CODES, type CaptchaVerifier } from '../captcha/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { findRestockVariant, markNotified, signUp } from '../repositories/restock-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';
import { type MailingListSite, welcomeToMailingList } from './newsletter-mail.ts';
import { restockNotice } from './restock-notice.ts';

export interface RestockSignUpInput {
  productId: string;
  variantId: string;
  email: string | null | undefined;
  joinMailingList: boolean;
  language: string | null | undefined;
  captcha: { verifier: CaptchaVerifier | undefined; token: string | null | undefined; remoteIp?: string };
  /** Joining the mailing list puts the address on it and queues the welcome mail with its unsubscribe link. */
  mailingList?: MailingListSite;
}

/** The email as stored: trimmed; throws the spec's messages for a blank or invalid one. */
export function restockEmail(email: string | null | undefined): string {
  const trimmed = (email ?? '').trim();
  if (trimmed === '')
    throw new ApiError('restock-email-blank', { fields: { siteVisitorEmail: RESTOCK_MESSAGES.emailBlank } });
  if (!isValidEmail(trimmed))
    throw new ApiError('restock-email-invalid', { fields: { siteVisitorEmail: RESTOCK_MESSAGES.emailInvalid } });
  return trimmed;
}

/**
 * Signs a visitor up, in the widget's order (spec section 4): the email,
 * then the captcha, then the request. Only a sold-out variant takes
 * sign-ups: one back in stock can be bought instead.
 */
export async function signUpForRestock(db: Db, websiteId: string, input: RestockSignUpInput): Promise<{ id: string }> {
  const email = restockEmail(input.email);
  if (input.captcha.verifier) {
    const outcome = await input.captcha.verifier.verify(input.captcha.token, input.captcha.remoteIp);
    if (outcome !== 'ok') throw new ApiError(CAPTCHA_ERROR_CODES[outcome]);
  }
  const variant = await findRestockVariant(db, websiteId, input.productId, input.variantId);
  if (!variant) throw new ApiError('restock-variant-not-found');
  if (variant.inStock) throw new ApiError('restock-in-stock');
  const result = await inTransaction(db, async (trx) => {
    const signedUp = await signUp(trx, websiteId, {
      productId: input.productId,
      variantId: input.variantId,
      email,
      joinMailingList: input.joinMailingList,
      language: input.language ?? null,
    });
    if (signedUp.ok && input.joinMailingList && input.mailingList) {
      await welcomeToMailingList(trx, input.mailingList, email, 'restock-form');
    }
    return signedUp;
  });
  // The variant was there a moment ago; only a concurrent delete gets here.
  if (!result.ok) throw new ApiError('restock-variant-not-found');
  return { id: result.id };
}

export interface SendRequest {
  productId: string;
  variantId: string;
}

/**
 * Queues one notice per waiting sign-up of each variant and marks those
 * sign-ups sent, all in one transaction: a variant that does not exist
 * sends nothing at all, and a second send finds nobody waiting
 * (markNotified claims only sign-ups not sent yet).
 */
export async function sendRestockNotices(
  db: Db,
  site: { websiteId: string; siteTitle: string; origin: string },
  requests: readonly SendRequest[],
): Promise<{ sent: number }> {
  return inTransaction(db, async (trx) => {
    let sent = 0;
    for (const request of requests) {
      const variant = await findRestockVariant(trx, site.websiteId, request.productId, request.variantId);
      if (!variant) throw new ApiError('restock-variant-not-found');
      const claimed = await markNotified(trx, site.websiteId, request.productId, request.variantId);
      for (const signUp of claimed) {
        await enqueueMail(trx, site.websiteId, restockNotice(variant, site.siteTitle, site.origin, signUp.email));
        sent++;
      }
    }
    return { sent };
  });
}
