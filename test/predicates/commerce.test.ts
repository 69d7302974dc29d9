import t from 'tap';
import { Engine } from '../../engine/index.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';

const engine = new Engine(defaultRegistry);
function run(source: string, data: unknown) {
  const compiled = engine.compile(source, { file: 'commerce.html' });
  const rendered = engine.render(compiled.template, data);
  return { output: rendered.output, codes: [...compiled.errors, ...rendered.errors].map((e) => e.code) };
}
const test = (predicate: string, product: unknown) => run(`{.${predicate}}Y{.or}N{.end}`, product).output === 'Y';
const product = (productType: unknown, rest: Record<string, unknown> = {}) => ({
  structuredContent: { productType, ...rest },
});

const PREDICATES = ['has-variants?', 'on-sale?', 'sold-out?', 'varied-prices?'];

t.test('odd data: false or true, never an error', async (t) => {
  for (const p of PREDICATES) {
    for (const value of [null, 5, 'x', [], {}, { structuredContent: [] }, product('abc', { variants: 'x' })]) {
      t.same(run(`{.${p}}Y{.or}N{.end}`, value).codes, [], `${p} ${JSON.stringify(value)}`);
    }
  }
});

t.test('arguments are a compile error', async (t) => {
  for (const p of PREDICATES) t.same(run(`{.${p} item}Y{.end}`, {}).codes, ['BAD_PREDICATE_ARGS'], p);
});

t.test('has-variants?: more than one variant, never for digital products', async (t) => {
  t.ok(test('has-variants?', product(1, { variants: [{}, {}] })));
  t.ok(test('has-variants?', { structuredContent: { variants: [{}, {}] } }));
  t.notOk(test('has-variants?', product(1, { variants: [{}] })));
  t.notOk(test('has-variants?', product(2, { variants: [{}, {}] })));
  t.notOk(test('has-variants?', product(1, { variants: { a: {}, b: {} } })));
});

t.test('on-sale?: any variant on sale; digital by its own flag; gift cards never', async (t) => {
  t.ok(test('on-sale?', product(1, { variants: [{ onSale: false }, { onSale: true }] })));
  t.ok(test('on-sale?', product(3, { variants: [{ onSale: true }] })));
  t.ok(test('on-sale?', product(2, { onSale: true })));
  t.notOk(test('on-sale?', product(2, { onSale: false, variants: [{ onSale: true }] })));
  t.notOk(test('on-sale?', product(4, { onSale: true, variants: [{ onSale: true }] })));
  t.notOk(test('on-sale?', product(-1, { onSale: true })));
  t.notOk(test('on-sale?', product(1, { variants: [] })));
});

t.test('sold-out?: physical and service need an unlimited or stocked variant', async (t) => {
  t.notOk(test('sold-out?', product(1, { variants: [{ unlimited: true }] })));
  t.notOk(test('sold-out?', product(3, { variants: [{ qtyInStock: 0 }, { qtyInStock: 2 }] })));
  t.notOk(test('sold-out?', product('1', { variants: [{ qtyInStock: '3' }] })));
  t.ok(test('sold-out?', product(1, { variants: [{ qtyInStock: 0 }] })));
  t.ok(test('sold-out?', product(1, { variants: [] })));
  t.ok(test('sold-out?', product(1, { variants: [{ qtyInStock: 'abc' }] })));
  t.notOk(test('sold-out?', product(2)), 'digital never');
  t.notOk(test('sold-out?', product(4)), 'gift card never');
  t.ok(test('sold-out?', product(-1)), 'no display type cannot be bought');
  t.ok(test('sold-out?', product(5)), 'paywall is not a display type');
});

t.test('varied-prices?: variants differ in price, sale flag or sale price', async (t) => {
  t.ok(test('varied-prices?', product(1, { variants: [{ price: 100 }, { price: 200 }] })));
  t.ok(test('varied-prices?', product(1, { variants: [{ onSale: true, salePrice: 100 }, { price: 200 }] })));
  t.ok(
    test(
      'varied-prices?',
      product(1, {
        variants: [
          { onSale: true, salePrice: 100 },
          { onSale: true, salePrice: 200 },
        ],
      }),
    ),
  );
  t.ok(test('varied-prices?', product(4, { variants: [{ price: 25 }, { price: 50 }] })));
  t.notOk(test('varied-prices?', product(3, { variants: [{ price: 100 }, { price: 100 }] })));
  t.notOk(
    test(
      'varied-prices?',
      product(1, {
        variants: [
          { onSale: true, salePrice: 1 },
          { onSale: true, salePrice: 1 },
        ],
      }),
    ),
  );
  t.notOk(
    test(
      'varied-prices?',
      product(1, {
        variants: [
          { price: 5, salePrice: 3 },
          { price: 5, salePrice: 4 },
        ],
      }),
    ),
    'sale price off sale is not shown',
  );
  t.notOk(test('varied-prices?', product(1, { variants: [{ price: null }, {}] })), 'null is unset');
  t.notOk(test('varied-prices?', product(2, { variants: [{ price: 1 }, { price: 2 }] })));
  t.notOk(test('varied-prices?', product(-1)));
});

t.test('predicates test the current node', async (t) => {
  const data = { structuredContent: { productType: 2 }, item: product(1, { variants: [] }) };
  t.equal(run('{.sold-out?}Y{.or}N{.end}{.section item}{.sold-out?}Y{.or}N{.end}{.end}', data).output, 'NY');
});
