/**
 * The email a visitor gets when a variant they signed up for is sent (spec
 * section 1: restock notifications on out-of-stock variants). Plain text
 * only: the product name, the chosen options and a link to the product page.
 */
import type { MailMessage } from '../mail/index.ts';
import type { RestockVariant } from '../repositories/restock-repository.ts';

/** The chosen options as a shopper reads them: 'Color: Terracotta, Size: Large'; '' for a product without options. */
export function variantDescription(attributes: Readonly<Record<string, string>>): string {
  return Object.entries(attributes)
    .map(([option, value]) => `${option}: ${value}`)
    .join(', ');
}

/**
 * The notice for one sign-up. `origin` is where the site answers
 * ('https://shop.example'), so the link opens the product page from a mail
 * program.
 */
export function restockNotice(
  variant: Pick<RestockVariant, 'productName' | 'attributes' | 'path'>,
  siteTitle: string,
  origin: string,
  to: string,
): MailMessage {
  const options = variantDescription(variant.attributes);
  const name = options ? `${variant.productName} (${options})` : variant.productName;
  const link = new URL(variant.path, origin).href;
  return {
    kind: 'restock',
    to,
    subject: `Back in stock: ${variant.productName}`,
    text: [
      `Good news: ${name} is back in stock at ${siteTitle}.`,
      '',
      `Get it here: ${link}`,
      '',
      'You are getting this email because you asked to be told when this item was back in stock.',
      '',
    ].join('\n'),
  };
}
