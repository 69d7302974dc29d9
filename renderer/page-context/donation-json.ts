/**
 * The donate page (203) and the contribution-confirmed page (204) as their
 * templates read them: the cause with its amounts as Money, the form's
 * values and problems when it came back (post/redirect/get, like the
 * checkout's), the payment fields of the server's provider, and for 204 the
 * paid donation.
 */
import type { Donation } from '../../api/repositories/donation-repository.ts';
import type { DonationErrors, DonationValues } from '../../api/services/donation-form.ts';
import type { DonationCause } from '../../api/services/donation-service.ts';
import { CUSTOM_AMOUNT } from '../../domain/donations/donation-amount.ts';
import { type CheckoutPaymentInfo, checkoutPaymentJson } from './checkout-payment-json.ts';
import { moneyJson } from './money-json.ts';

type Json = Record<string, unknown>;

/** A donate form that took no money, kept for the page after the redirect (renderer/donation-attempts.ts). */
export interface DonationFormState {
  values: DonationValues;
  errors: DonationErrors;
  /** The provider's words for a declined card, or the crumb's. */
  alert?: string;
}

/** Field → the input's id on the page, in page order: the error summary links each problem to its field. */
const INPUT_IDS: Record<keyof DonationErrors, string> = {
  amount: 'donate-amount-0',
  customAmount: 'donate-custom-amount',
  name: 'donate-name',
  email: 'donate-email',
  note: 'donate-note',
  cardNumber: 'donate-card-number',
  cardExpiry: 'donate-card-expiry',
  cardCvc: 'donate-card-cvc',
  paymentMethod: 'donate-payment-method',
};

export interface DonateJsonInput {
  cause: DonationCause;
  currency: string;
  crumb: string | undefined;
  form: DonationFormState | undefined;
  payment: CheckoutPaymentInfo;
  /** The amount chosen on the donation block (?amount=), when the page is opened from it. */
  chosen: string | null;
}

export function donateJson(input: DonateJsonInput): Json {
  const { cause, currency, form } = input;
  const values: DonationValues = form?.values ?? {
    amount: input.chosen ?? '',
    customAmount: '',
    name: '',
    email: '',
    note: '',
  };
  const errors = form?.errors ?? {};
  const firstId = cause.presetAmounts.length > 0 ? 'donate-amount-0' : 'donate-amount-custom';
  return {
    cause: {
      key: cause.key,
      title: cause.title,
      description: cause.description,
      pageTitle: cause.pageTitle,
      pageUrl: `/${cause.pageUrlId}`,
    },
    action: `/donate/${encodeURIComponent(cause.pageUrlId)}`,
    crumb: input.crumb,
    amounts: cause.presetAmounts.map((amount, i) => ({
      value: amount,
      amount: moneyJson(amount, currency),
      id: `donate-amount-${i}`,
      checked: values.amount === amount,
    })),
    custom: cause.allowCustom
      ? {
          value: CUSTOM_AMOUNT,
          checked: values.amount === CUSTOM_AMOUNT || (values.amount === '' && values.customAmount !== ''),
          minimum: moneyJson(cause.minimum, currency),
          maximum: moneyJson(cause.maximum, currency),
        }
      : undefined,
    currency,
    values,
    errors,
    alert: form?.alert,
    errorList: Object.entries(errors).map(([field, message]) => ({
      message,
      inputId: field === 'amount' ? firstId : INPUT_IDS[field as keyof DonationErrors],
    })),
    payment: checkoutPaymentJson(input.payment, undefined),
  };
}

export function contributionJson(donation: Donation): Json {
  return {
    amount: moneyJson(donation.amountCents, donation.currency),
    causeTitle: donation.causeTitle,
    donorName: donation.donorName,
    email: donation.donorEmail,
    note: donation.note,
    testMode: donation.testMode,
    reference: donation.id,
    pageUrl: `/${donation.pageUrlId}`,
  };
}
