/**
 * The read trace's promise: a render reads the same answers from two
 * visitors' values only if it renders the same page for both. Checked over
 * generated carts with templates that read a cart in the ways templates do.
 */
import fc from 'fast-check';
import t from 'tap';
import { Engine } from '../../engine/index.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';
import { ReadTrace, visitorFingerprint } from '../../renderer/visitor-read-trace.ts';

const engine = new Engine(defaultRegistry);
const TEMPLATES = [
  '{shoppingCart.totalQuantity}',
  '{.section shoppingCart}{.section totalQuantity}{@}{.or}none{.end}{.or}no cart{.end}',
  '{.section shoppingCart}{id}{.end}',
  '{.repeated section shoppingCart.entries}{quantity}:{sku}{.alternates with},{.end}',
  '{shoppingCart|json}',
  '{.section shoppingCart}{@|cart-quantity}{.end}',
  '{.if shoppingCart.entries}has entries{.or}empty{.end}',
  '{.equal? shoppingCart.totalQuantity 1}one{.or}other{.end}',
  '{.section shoppingCart}{.repeated section entries}{.section note}{@}{.end}{.end}{.end}',
].map((source) => engine.compile(source, { file: 'cart.html' }).template);

const entry = fc.record(
  { quantity: fc.integer({ min: 0, max: 3 }), sku: fc.constantFrom('A', 'B'), note: fc.constantFrom('x', '') },
  { requiredKeys: ['quantity', 'sku'] },
);
const cart = fc.option(
  fc.record({
    id: fc.constantFrom('c1', 'c2'),
    totalQuantity: fc.integer({ min: 0, max: 3 }),
    entries: fc.array(entry, { maxLength: 3 }),
  }),
  { nil: null },
);

function tracedRender(template: (typeof TEMPLATES)[number], shoppingCart: unknown) {
  const trace = new ReadTrace();
  const { output, errors } = engine.render(template, { shoppingCart: trace.root(shoppingCart) });
  return { output, errors, trace };
}

t.test('reading through the trace renders what the plain values render', async (t) => {
  fc.assert(
    fc.property(fc.nat(TEMPLATES.length - 1), cart, (index, values) => {
      const template = TEMPLATES[index]!;
      const traced = tracedRender(template, values);
      const plain = engine.render(template, { shoppingCart: values });
      return traced.output === plain.output && !traced.trace.opaque;
    }),
    { numRuns: 500 },
  );
  t.pass('500 generated carts');
});

t.test('values that answer the reads alike render alike', async (t) => {
  let shared = 0;
  fc.assert(
    fc.property(fc.nat(TEMPLATES.length - 1), cart, cart, (index, first, second) => {
      const template = TEMPLATES[index]!;
      const { output, trace } = tracedRender(template, first);
      const shape = trace.shape;
      if (visitorFingerprint(first, shape) !== visitorFingerprint(second, shape)) return true;
      shared++;
      return engine.render(template, { shoppingCart: second }).output === output;
    }),
    { numRuns: 2000 },
  );
  t.ok(shared > 200, `${shared} pairs shared a key and rendered the same`);
});

t.test('a page keyed by its reads: the count alone, or the cart itself', async (t) => {
  const a = { id: 'c1', totalQuantity: 2, entries: [{ quantity: 2 }] };
  const b = { id: 'c2', totalQuantity: 2, entries: [{ quantity: 2 }] };
  const count = tracedRender(TEMPLATES[0]!, a).trace.shape;
  t.equal(
    visitorFingerprint(a, count),
    visitorFingerprint(b, count),
    'two carts of two share a page showing the count',
  );
  t.not(visitorFingerprint(a, count), visitorFingerprint({ ...a, totalQuantity: 3 }, count));
  t.not(visitorFingerprint(a, count), visitorFingerprint(null, count), 'no cart is another page');
  const id = tracedRender(TEMPLATES[2]!, a).trace.shape;
  t.not(visitorFingerprint(a, id), visitorFingerprint(b, id), 'a page showing the id is kept per cart');
});

t.test('a render that writes to the values, or reads a value that is not plain JSON, is not kept', async (t) => {
  const writer = new ReadTrace();
  const values = writer.root({ entries: [] }) as { entries: unknown[] };
  values.entries.push(1);
  t.ok(writer.opaque, 'a write');
  const dated = new ReadTrace();
  (dated.root({ created: new Date(0) }) as { created: Date }).created.getTime();
  t.ok(dated.opaque, 'a Date');
  t.notOk(new ReadTrace().opaque);
});
