import t from 'tap';
import { Engine } from '../../engine/index.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';

const engine = new Engine(defaultRegistry);
function run(source: string, data: unknown) {
  const compiled = engine.compile(source, { file: 'content.html' });
  const rendered = engine.render(compiled.template, data);
  return { output: rendered.output, codes: [...compiled.errors, ...rendered.errors].map((e) => e.code) };
}
const out = (source: string, data: unknown) => run(source, data).output;

const FORMATTERS = [
  'AbsUrl',
  'audio-player',
  'child-image-meta',
  'cover-image-meta',
  'color-weight',
  'height',
  'humanizeDuration',
  'image',
  'image-color',
  'image-meta',
  'image-srcset',
  'item-classes',
  'website-color',
  'width',
  'video',
];

const ODD_VALUES = [
  undefined,
  null,
  5,
  -1.5,
  true,
  'str',
  '',
  [],
  [1, 2],
  {},
  { items: 'x', colorData: 3, oembed: [] },
];

t.test('odd data renders without errors or exceptions', async (t) => {
  for (const name of [...FORMATTERS, 'resizedHeightForWidth 5', 'squarespaceThumbnailForHeight 5']) {
    for (const value of ODD_VALUES) {
      const r = run(`{x|${name}}`, value === undefined ? {} : { x: value });
      t.same(r.codes, [], `${name} ${JSON.stringify(value)}`);
    }
  }
});

t.test('bad arguments are compile errors, and the formatter still runs', async (t) => {
  for (const name of ['AbsUrl', 'color-weight', 'width', 'height', 'humanizeDuration', 'item-classes']) {
    t.same(run(`{x|${name} extra}`, {}).codes, ['BAD_FORMATTER_ARGS'], name);
  }
  const missing = run('{x|resizedHeightForWidth}', { x: '800x400' });
  t.same(missing.codes, ['BAD_FORMATTER_ARGS']);
  t.equal(missing.output, '0');
  t.same(run('{x|squarespaceThumbnailForWidth wide}', {}).codes, ['BAD_FORMATTER_ARGS']);
  t.same(run('{x|child-image-meta first}', {}).codes, ['BAD_FORMATTER_ARGS']);
  t.same(run('{x|image a b}', {}).codes, ['BAD_FORMATTER_ARGS']);
  t.same(run('{x|video autoplay}', {}).codes, ['BAD_FORMATTER_ARGS']);
  t.same(run('{x|video load-false color-data}', {}).codes, []);
});

t.test('AbsUrl joins base-url (looked up outwards) and the value', async (t) => {
  t.equal(out('{a|AbsUrl}', { 'base-url': 'https://e.com', a: 'blog' }), 'https://e.com/blog');
  t.equal(out('{.section s}{a|AbsUrl}{.end}', { 'base-url': 'b', s: { a: 'q', 'base-url': 'inner' } }), 'inner/q');
  t.equal(out('{a|AbsUrl}', { a: 'x' }), '/x');
  t.equal(out('{a|AbsUrl}', { 'base-url': 'b', a: { o: 1 } }), 'b/');
});

t.test('width, height and the resizing helpers read WIDTHxHEIGHT', async (t) => {
  t.equal(out('{s|width} {s|height}', { s: '800x400' }), '800 400');
  t.equal(out('{s|width}|{s|height}', { s: '800' }), '|');
  t.equal(out('{s|width}', { s: 'x400' }), 'NaN');
  t.equal(out('{s|resizedHeightForWidth 50} {s|resizedWidthForHeight 50}', { s: '250x175' }), '35 71');
  t.equal(out('{s|resizedHeightForWidth 50}', { s: '0x400' }), '0');
  t.equal(out('{s|resizedWidthForHeight 50}', { s: 800 }), "Invalid source parameter. Pass in 'originalSize'");
  t.equal(out('{s|squarespaceThumbnailForHeight 50}', {}), "Invalid source parameter. Pass in 'originalSize'");
  const thumbs = [50, 100, 101, 300, 301, 500, 750, 751, 1000, 1001, 1500, 2600].map((w) =>
    out(`{s|squarespaceThumbnailForWidth ${w}}`, {}),
  );
  t.same(thumbs, ['100w', '100w', '300w', '300w', '500w', '500w', '750w', '1000w', '1000w', '1500w', '1500w', '1500w']);
  t.equal(out('{s|squarespaceThumbnailForHeight 1000}', { s: '200x100' }), '1500w');
});

t.test('humanizeDuration', async (t) => {
  const d = (v: unknown) => out('{d|humanizeDuration}', { d: v });
  t.equal(d(125000), '2:05');
  t.equal(d(3600000), '60:00');
  t.equal(d('125000'), '2:05');
  t.equal(d(-125000), '-2:-5');
  t.equal(d('abc'), '0:00');
  t.equal(d(undefined), '0:00');
});

t.test('color-weight splits at half of 0xFFFFFF', async (t) => {
  const w = (c: unknown) => out('{c|color-weight}', { c });
  t.same(['#fff', '#800000', '#7fffff', '#888', '#7ff', 'FFF', '#fffff'].map(w), [
    'light',
    'light',
    'dark',
    'light',
    'dark',
    'light',
    'dark',
  ]);
  t.same(['#ff', '#fffffff', 'red', ' #fff', 12].map(w), ['', '', '', '', '']);
});

t.test('website-color', async (t) => {
  const c = (v: unknown) => out('{@|website-color}', v);
  t.equal(c({ hue: 200, saturation: 0.3, lightness: 0.5, alpha: 0.9 }), 'hsla(200, 30%, 50%, 0.9)');
  t.equal(c({ hue: 0.956, saturation: 0.9554, lightness: 0.9567 }), 'hsl(0.96, 95.54%, 95.67%)');
  t.equal(
    c({ hue: 400, saturation: 2, lightness: 0.5, alpha: 2 }),
    'Hue out of bounds. Saturation out of bounds. Alpha out of bounds.',
  );
  t.equal(c({ hue: 0, saturation: 'x', lightness: 0 }), 'Saturation out of bounds. ');
  t.equal(c({ hue: 1, saturation: 0.5 }), 'Missing an H/S/L value.');
  t.equal(c('str'), 'Missing an H/S/L value.');
});

const IMAGE = {
  id: 'img1',
  title: 'A "title"',
  originalSize: '1000x500',
  assetUrl: '/foo/bar.jpg',
  mediaFocalPoint: { x: 0.3, y: 0.7 },
};

t.test('image-meta and its child / cover variants', async (t) => {
  const meta =
    'data-src="/foo/bar.jpg" data-image="/foo/bar.jpg" data-image-dimensions="1000x500" data-image-focal-point="0.3,0.7" alt="A &quot;title&quot;" ';
  t.equal(out('{@|image-meta}', IMAGE), meta);
  t.equal(out('{@|child-image-meta 1}', { items: [{}, IMAGE] }), meta);
  t.equal(out('{@|cover-image-meta}', { coverImage: IMAGE }), meta);
  t.equal(out('{x|image-meta}', {}), '');
  t.equal(out('{@|child-image-meta 3}', { items: [IMAGE] }), '');
  t.match(
    out('{@|image-meta}', { ...IMAGE, licensedAssetPreview: {}, componentKey: 'k' }),
    /^data-licensed-asset-preview="true" data-component-key="k" data-src/,
  );
  t.match(out('{@|image-meta}', { assetUrl: '/a' }), /data-image-focal-point="0.5,0.5" alt="" $/);
});

t.test('alt text: title, else stripped body cut to 250 characters, else file name', async (t) => {
  const alt = (image: unknown) => /alt="(.*)" $/s.exec(out('{@|image-meta}', image))?.[1];
  t.equal(alt({ title: '', body: '<b>bold</b><div><i>it</i></div>' }), ' bold   it  ');
  t.equal(alt({ body: 'x'.repeat(300) })?.length, 250);
  t.equal(alt({ body: '&amp;'.repeat(60) }), '&amp;amp;'.repeat(50));
  t.equal(alt({ body: '', filename: 'f.jpg' }), 'f.jpg');
  t.equal(alt({ title: 0, body: 'b' }), 'b');
});

t.test('image: noscript fallback, class, alt from image blocks', async (t) => {
  t.equal(
    out('{@|image my-class}', IMAGE),
    '<noscript><img src="/foo/bar.jpg" alt="A &quot;title&quot;" /></noscript><img class="my-class" data-src="/foo/bar.jpg" data-image="/foo/bar.jpg" data-image-dimensions="1000x500" data-image-focal-point="0.3,0.7" alt="A &amp;quot;title&amp;quot;" data-load="false" data-image-id="img1" data-type="image" />',
  );
  t.match(out('{img|image}', { img: IMAGE }), /class="thumb-image"/);
  t.match(out('{img|image}', { img: { ...IMAGE, altText: ' baz ' }, blockType: 5 }), /alt="baz"/);
  t.match(out('{img|image}', { img: IMAGE, blockType: 5 }), /<noscript><img src="\/foo\/bar.jpg" alt="" \/>/);
  t.equal(
    out('{img|image}', {}),
    '<noscript><img src="" alt="" /></noscript><img class="thumb-image" data-load="false" data-image-id="" data-type="image" />',
  );
});

t.test('image-srcset offers each stored width, and the original at the next breakpoint', async (t) => {
  const srcset = (variants: unknown) => out('{@|image-srcset}', { assetUrl: '/a.jpg', systemDataVariants: variants });
  t.equal(srcset('150w,350w'), ' srcset="/a.jpg?format=150w 150w,/a.jpg?format=350w 350w"');
  t.equal(srcset('100w,300w'), ' srcset="/a.jpg?format=100w 100w,/a.jpg?format=300w 300w,/a.jpg?format=original 500w"');
  t.equal(srcset('1500w'), ' srcset="/a.jpg?format=1500w 1500w,/a.jpg?format=original 2500w"');
  t.equal(srcset('2500w'), ' srcset="/a.jpg?format=2500w 2500w"');
  t.equal(srcset(''), '');
  t.equal(srcset(['300w']), '');
  t.equal(out('{@|image-srcset}', 'passed through'), 'passed through');
});

t.test('image-color', async (t) => {
  const colorData = {
    topLeftAverage: '111',
    topRightAverage: '222',
    bottomLeftAverage: '333',
    bottomRightAverage: '444',
    centerAverage: '555',
  };
  t.equal(
    out('{@|image-color}', { colorData }),
    'data-color-topLeft="#111" data-color-topRight="#222" data-color-bottomLeft="#333" data-color-bottomRight="#444" data-color-center="#555" ',
  );
  t.equal(out('{@|image-color center}', { colorData }), '#555');
  t.equal(out('{@|image-color topLeft background-color}', { colorData }), 'background-color: #111');
  t.equal(out('{@|image-color middle}', { colorData }), '"middle" not found.');
  t.equal(out('{@|image-color}', {}), '');
});

t.test('video', async (t) => {
  const v = {
    oembed: { html: '<iframe src="x">', providerName: 'youtube' },
    overlay: true,
    mainImageId: 'm1',
    assetUrl: '/v.jpg',
    originalSize: '1x2',
    colorData: { topLeftAverage: '111' },
  };
  t.equal(
    out('{@|video load-false color-data}', v),
    '<div class="sqs-video-wrapper"  data-load="false" data-html="&lt;iframe src=&quot;x&quot;&gt;" data-provider-name="youtube"><div class="sqs-video-overlay" style="opacity: 0;"><img data-load="false" data-src="/v.jpg" data-image-dimensions="1x2" data-image-focal-point="0.5,0.5" data-color-topleft="#111" data-color-topright="#" data-color-bottomleft="#" data-color-bottomright="#" data-color-center="#" /><div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div></div>',
  );
  t.match(out('{@|video}', { ...v, mainImageId: '' }), /class="sqs-video-overlay no-thumb"/);
  t.equal(
    out('{@|video}', { overlay: false }),
    '<div class="sqs-video-wrapper" data-html="" data-provider-name=""></div>',
  );
});

t.test('audio-player', async (t) => {
  t.equal(
    out('{@|audio-player}', { id: 'i1', structuredContent: { audioAssetUrl: '/a.mp3' } }),
    `<script>Y.use('squarespace-audio-player-frontend');</script>\n<div class="squarespace-audio-player" data-audio-asset-url="/a.mp3" data-item-id="i1" id="audio-player-i1"></div>`,
  );
});

t.test('item-classes', async (t) => {
  const item = {
    promotedBlockType: 'Block_Type X',
    categories: ['Foo', 'bar  baz!'],
    tags: ['Über'],
    author: { displayName: 'Jo Doe' },
    recordTypeLabel: 'store-item',
    starred: true,
    recordType: 11,
    structuredContent: { productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] },
  };
  t.equal(
    out('{.repeated section items}{@|item-classes}{.end}', { items: [item] }),
    'hentry promoted promoted-block-blocktype-x category-foo category-bar-baz tag-ber author-jo-doe post-type-store-item article-index-1 featured on-sale sold-out',
  );
  t.equal(out('{@|item-classes}', { recordTypeLabel: 'text', recordType: 1 }), 'hentry post-type-text');
  const product = (structuredContent: unknown) => out('{@|item-classes}', { recordType: 11, structuredContent });
  t.equal(product({ productType: 2, onSale: true }), 'hentry post-type- on-sale');
  t.equal(product({ productType: 4, variants: [] }), 'hentry post-type-');
  t.equal(product({ productType: 1, variants: [{ unlimited: true }] }), 'hentry post-type-');
});
