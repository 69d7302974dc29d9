/**
 * The products panel's pure rules, both sides of the wire: the file-size
 * formatter (base 1024), prices typed in a currency's own digits, the tag
 * and category checks with the spec's 'This {tagType} already exists', the
 * upload checks made before sending, and the variants an owner's options make.
 */
import t from 'tap';
import {
  blankProduct,
  suggestedSku,
  variantsForOptions,
  withProductType,
} from '../../admin/panels/product-editor-model.ts';
import { minorToPriceInput, priceInputToMinor } from '../../domain/money/price-input.ts';
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import { formatFileSize } from '../../shared/file-size.ts';
import { productInputSchema, repeated, tagProblem } from '../../shared/product-input.ts';
import { checkBeforeUpload, uploadFileName } from '../../shared/upload-rules.ts';

t.test('formatFileSize counts in 1024s (spec section 9)', async (t) => {
  const cases: [number, string][] = [
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1_000_000, '976.6 KB'],
    [1024 * 1024 - 1, '1 MB'],
    [20 * 1024 * 1024, '20 MB'],
    [250 * 1024 * 1024, '250 MB'],
    [1.5 * 1024 ** 3, '1.5 GB'],
    [-1, ''],
    [Number.NaN, ''],
  ];
  for (const [bytes, text] of cases) t.equal(formatFileSize(bytes), text, String(bytes));
});

t.test("prices as typed, in the currency's digits", async (t) => {
  const cases: [string, string, string | undefined][] = [
    ['19', 'USD', '1900'],
    ['19.5', 'USD', '1950'],
    [' 19.50 ', 'EUR', '1950'],
    ['0.05', 'USD', '5'],
    ['0', 'USD', '0'],
    ['500', 'JPY', '500'],
    ['5.5', 'JPY', undefined],
    ['19.505', 'USD', undefined],
    ['-1', 'USD', undefined],
    ['1e3', 'USD', undefined],
    ['1,000', 'USD', undefined],
    ['1234567890', 'USD', undefined],
    ['', 'USD', undefined],
  ];
  for (const [text, currency, minor] of cases) t.equal(priceInputToMinor(text, currency), minor, `${text} ${currency}`);
  t.equal(minorToPriceInput('1950', 'USD'), '19.50');
  t.equal(minorToPriceInput('500', 'JPY'), '500');
  const yen = productInputSchema('JPY').safeParse({
    ...blankProduct(PRODUCT_TYPES.physical),
    title: 'Tea',
    variants: [{ ...blankProduct(1).variants[0], sku: 'TEA', price: '5.50' }],
  });
  t.equal(yen.success, false);
  t.equal(yen.error?.issues[0]?.message, 'Please enter a price such as 500.');
});

t.test("tags at most 50, categories at most 25, 'This {tagType} already exists'", async (t) => {
  t.equal(tagProblem('tag', 'x'.repeat(50), []), null);
  t.equal(tagProblem('tag', 'x'.repeat(51), []), 'Tags can be at most 50 characters long.');
  t.equal(tagProblem('category', 'x'.repeat(25), []), null);
  t.equal(tagProblem('category', 'x'.repeat(26), []), 'Categories can be at most 25 characters long.');
  t.equal(tagProblem('tag', ' Linen ', ['linen']), 'This tag already exists');
  t.equal(tagProblem('category', 'KITCHEN', ['Kitchen']), 'This category already exists');
  t.equal(tagProblem('tag', '   ', []), 'A tag cannot be blank.');
  t.same(repeated(['a', 'B', 'b', ' A ', 'c']), [2, 3]);
});

t.test('what the uploader refuses before sending', async (t) => {
  t.equal(
    checkBeforeUpload('image', { name: 'big.jpg', size: 20 * 1024 * 1024 + 1, type: 'image/jpeg' }),
    'The file big.jpg is too large. The maximum allowed file size is 20 MB.',
  );
  t.equal(
    checkBeforeUpload('image', { name: 'icon.svg', size: 100, type: 'image/svg+xml' }),
    'The file icon.svg does not appear to be a supported image file.',
  );
  t.equal(checkBeforeUpload('image', { name: 'ok.webp', size: 100, type: 'image/webp' }), null);
  t.equal(checkBeforeUpload('file', { name: 'book.epub', size: 5_000_000, type: 'application/epub+zip' }), null);
  t.equal(uploadFileName('C:\\Users\\pat\\Pictures\\mug.jpg'), 'mug.jpg');
  t.equal(uploadFileName('../../etc/passwd'), 'passwd');
  t.equal(uploadFileName('\u0000\u0007'), 'file');
});

t.test('a variant for every combination of the options', async (t) => {
  const product = { ...blankProduct(PRODUCT_TYPES.physical), title: 'Linen Apron' };
  product.variants = [{ ...product.variants[0]!, price: '24', qtyInStock: 5 }];
  const made = variantsForOptions(product, [
    { name: 'Size', values: ['Small', 'Large'] },
    { name: 'Color', values: ['Blue', 'Rust'] },
  ]);
  t.same(
    made.map((v) => [v.options, v.sku, v.price, v.qtyInStock]),
    [
      [{ Size: 'Small', Color: 'Blue' }, 'LINEN-APRON-SMALL-BLUE', '24', 5],
      [{ Size: 'Small', Color: 'Rust' }, 'LINEN-APRON-SMALL-RUST', '24', 5],
      [{ Size: 'Large', Color: 'Blue' }, 'LINEN-APRON-LARGE-BLUE', '24', 5],
      [{ Size: 'Large', Color: 'Rust' }, 'LINEN-APRON-LARGE-RUST', '24', 5],
    ],
  );
  const kept = { ...made[3]!, id: 'stored', sku: 'KEEP-ME', qtyInStock: 9 };
  const again = variantsForOptions({ ...product, variants: [kept] }, [
    { name: 'Size', values: ['Large'] },
    { name: 'Color', values: ['rust', 'Green'] },
  ]);
  t.match(again, [
    { id: 'stored', sku: 'KEEP-ME', qtyInStock: 9 },
    { id: null, sku: 'LINEN-APRON-LARGE-GREEN' },
  ]);
  t.equal(suggestedSku('Café Crème', ['12 oz']), 'CAFE-CREME-12-OZ');
});

t.test('changing the type drops what the new type cannot have', async (t) => {
  const physical = {
    ...blankProduct(PRODUCT_TYPES.physical),
    optionNames: ['Size'],
    variants: [
      { ...blankProduct(1).variants[0]!, options: { Size: 'S' }, sku: 'A' },
      { ...blankProduct(1).variants[0]!, options: { Size: 'M' }, sku: 'B' },
    ],
    subscription: { every: 1, unit: 'MONTH' as const, cycles: 0 },
  };
  const digital = withProductType(physical, PRODUCT_TYPES.digital);
  t.same(digital.optionNames, []);
  t.equal(digital.variants.length, 1);
  t.same(digital.variants[0]!.options, {});
  t.equal(digital.variants[0]!.unlimited, true);
  t.equal(digital.subscription, null);
  t.equal(withProductType(physical, PRODUCT_TYPES.service).subscription?.unit, 'MONTH');
});
