/** image (5): one picture of the site's library, with the owner's optional caption. */
import { textIfSet } from '../../formatters/json-values.ts';
import type { BlockHandler } from './block-handler.ts';
import { pageBlockError } from './page-block-errors.ts';
import { pictureView } from './picture-view.ts';

export const imageBlock: BlockHandler<5> = (block, ctx) => {
  const image = ctx.data.images.get(block.imageId);
  const view = image === undefined ? null : pictureView(image, 'image-block__image');
  // The first block is at the top of the page, usually its largest picture: lazy loading would only delay it.
  const picture = view && ctx.index === 0 ? { ...view, eager: true } : view;
  if (picture === null) {
    return {
      missing: { what: 'image', error: pageBlockError('MISSING_IMAGE', { index: ctx.index, id: block.imageId }) },
    };
  }
  return { view: { picture, caption: textIfSet(block.caption)?.trim() || null } };
};
