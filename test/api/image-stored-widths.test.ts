import t from 'tap';
import type { Image } from '../../api/db/schema.ts';
import { storedWidths } from '../../api/media/image-variants.ts';
import { imageJson } from '../../renderer/page-context/content-json.ts';

const picture = (contentType: string, width: number): Image => ({
  websiteId: 'w',
  id: 'i',
  assetUrl: '/content/w/i/picture',
  filename: 'picture',
  contentType,
  width,
  height: 800,
  focalX: 0.5,
  focalY: 0.5,
  altText: '',
  title: '',
  body: '',
  colorData: null,
  createdOn: new Date(0),
});

t.test('a raster picture is kept at each breakpoint up to its own width', async (t) => {
  t.same(storedWidths('image/jpeg', 1200), [100, 300, 500, 750, 1000]);
  t.same(storedWidths('image/png', 100), [100], 'a breakpoint equal to its width');
  t.same(storedWidths('image/webp', 99), [], 'narrower than every breakpoint');
  t.equal(imageJson(picture('image/gif', 2500)).systemDataVariants, '100w,300w,500w,750w,1000w,1500w,2500w');
});

t.test('a vector picture has no widths, so pages offer it without a srcset', async (t) => {
  t.same(storedWidths('image/svg+xml', 1000), []);
  t.equal(imageJson(picture('image/svg+xml', 1000)).systemDataVariants, '');
});
