/** html (2): the owner's own HTML, shown as stored; it is their content, like a template's. */
import type { BlockHandler } from './block-handler.ts';

export const htmlBlock: BlockHandler<2> = (block) => ({
  view: { html: typeof block.html === 'string' ? block.html : '' },
});
