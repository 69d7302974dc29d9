/** button (53): a link that looks like a button; it navigates, so it is an <a>, not a <button>. */
import { textIfSet } from '../../formatters/json-values.ts';
import type { BlockHandler } from './block-handler.ts';

export const buttonBlock: BlockHandler<53> = (block) => ({
  view: { label: textIfSet(block.label) ?? '', href: textIfSet(block.href) ?? '#' },
});
