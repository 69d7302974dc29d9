/** gallery (8): the pictures of a gallery collection, laid out by its gallery options. */
import { childOf, textIfSet } from '../../formatters/json-values.ts';
import type { BlockHandler } from './block-handler.ts';
import { collectionLink } from './collection-link.ts';
import { galleryLayout } from './gallery-options.ts';
import { pageBlockError } from './page-block-errors.ts';
import { pictureView } from './picture-view.ts';

export const galleryBlock: BlockHandler<8> = (block, ctx) => {
  const gallery = ctx.data.galleries.get(block.collectionId);
  if (gallery === undefined) {
    const error = pageBlockError('MISSING_COLLECTION', { index: ctx.index, kind: ctx.kind, id: block.collectionId });
    return { missing: { what: 'collection', error } };
  }
  const items = Array.isArray(gallery.items) ? gallery.items : [];
  return {
    view: {
      collection: collectionLink(gallery.collection),
      layout: galleryLayout(childOf(gallery.collection, 'galleryOptions')),
      // Items without a picture (a video not yet processed) have nothing to show in a grid of images.
      items: items.flatMap((item) => {
        const picture = pictureView(item, 'gallery__image');
        if (picture === null) return [];
        return [
          {
            picture,
            url: textIfSet(childOf(item, 'fullUrl')) ?? null,
            title: textIfSet(childOf(item, 'title')) ?? null,
          },
        ];
      }),
    },
  };
};
