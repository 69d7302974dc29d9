/**
 * The mails of a site user's account: the password-reset link and the
 * email-verification link. Plain text. The token travels in the link's
 * query; the pages that read it belong to the account pages still to come,
 * at these paths.
 */

import type { SiteUserTokenPurpose } from '../db/schema.ts';
import type { MailMessage } from '../mail/index.ts';

export const ACCOUNT_LINK_PATHS: Readonly<Record<SiteUserTokenPurpose, string>> = {
  'password-reset': '/account/reset-password',
  'email-verification': '/account/verify-email',
};

/** The link a mail carries: `origin` is where the site answers ('https://shop.example'). */
export function accountLink(origin: string, purpose: SiteUserTokenPurpose, token: string): string {
  const url = new URL(ACCOUNT_LINK_PATHS[purpose], origin);
  url.searchParams.set('token', token);
  return url.href;
}

export function accountMail(
  purpose: SiteUserTokenPurpose,
  site: { siteTitle: string; origin: string },
  user: { email: string; displayName: string },
  token: string,
): MailMessage {
  const link = accountLink(site.origin, purpose, token);
  const greeting = user.displayName ? `Hello ${user.displayName},` : 'Hello,';
  if (purpose === 'password-reset') {
    return {
      kind: purpose,
      to: user.email,
      subject: `Reset your password for ${site.siteTitle}`,
      text: [
        greeting,
        '',
        `Someone, hopefully you, asked to reset the password of your account at ${site.siteTitle}.`,
        'Open this link within an hour to choose a new one (it works once):',
        '',
        link,
        '',
        'If you did not ask, ignore this email: your password stays as it is.',
      ].join('\n'),
    };
  }
  return {
    kind: purpose,
    to: user.email,
    subject: `Confirm your email for ${site.siteTitle}`,
    text: [
      greeting,
      '',
      `Please confirm that this is your email address for your account at ${site.siteTitle}:`,
      '',
      link,
      '',
      'The link works once, for seven days. If you did not create an account, ignore this email.',
    ].join('\n'),
  };
}
