/**
 * donation (57): a cause, its preset amounts and the way to the donate page
 * (page type 203). The amounts are radio buttons of a GET form to
 * /donate/{page}, so without script a visitor picks one here and lands on
 * the donate page with it chosen, and fills in the rest there.
 */
import { CUSTOM_AMOUNT } from '../../domain/donations/donation-amount.ts';
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import type { BlockHandler } from './block-handler.ts';
import { pageBlockError } from './page-block-errors.ts';

export const donationBlock: BlockHandler<57> = (block, ctx) => {
  const page = ctx.data.page;
  if (!page) {
    const error = pageBlockError('BLOCK_FAILED', { index: ctx.index, kind: ctx.kind, detail: 'it is not on a page' });
    return { missing: { what: 'page', error } };
  }
  const money = (minor: string) => formatMinorUnits(minor, page.currency, ctx.options.locale);
  return {
    view: {
      titleId: `${ctx.domId}-title`,
      title: block.title,
      description: block.description,
      action: `/donate/${encodeURIComponent(page.urlId)}`,
      causeKey: block.key,
      amounts: block.presetAmounts.map((amount, i) => ({
        value: amount,
        label: money(amount),
        id: `${ctx.domId}-amount-${i}`,
      })),
      custom: block.allowCustom ? { value: CUSTOM_AMOUNT, id: `${ctx.domId}-amount-custom` } : undefined,
      range: block.allowCustom ? `${money(block.minimum)} to ${money(block.maximum)}` : undefined,
    },
  };
};
