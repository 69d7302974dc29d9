/**
 * Table tests of the commerce helpers, reading the product inputs in
 * ../shared/conformance/tables in place (see its README): every section is one
 * product, and a name ending in -true or -false gives the expected answer.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { parseCaseFile } from '../../engine/conformance/case-file.ts';
import { isMultipleQuantityAllowedForServices } from '../../formatters/commerce/quantity-rules.ts';
import { totalStockRemaining, UNLIMITED_STOCK } from '../../formatters/commerce/stock.ts';
import { variantOptions } from '../../formatters/commerce/variants.ts';
import { hasVariants, hasVariedPrices } from '../../formatters/product-json.ts';

const TABLES = fileURLToPath(new URL('../../../shared/conformance/tables/', import.meta.url));

function sections(file: string): [string, unknown][] {
  const parsed = parseCaseFile(readFileSync(`${TABLES}${file}`, 'utf8'));
  return [...parsed].map(([name, body]) => [name, JSON.parse(body)]);
}

/** The answer a section's name states: ...-true / ...-false. */
function statedAnswer(name: string): boolean {
  if (name.endsWith('-true')) return true;
  if (name.endsWith('-false')) return false;
  throw new Error(`section '${name}' states no answer`);
}

if (!existsSync(TABLES)) {
  t.test(
    'commerce tables',
    { skip: `not found at ${TABLES}: the shared conformance corpus sits beside the checkout` },
    async () => {},
  );
} else {
  t.test('has-variants.json', async (t) => {
    const rows = sections('has-variants.json');
    t.ok(rows.length > 0);
    for (const [name, product] of rows) t.equal(hasVariants(product), statedAnswer(name), name);
  });

  t.test('has-varied-prices.json', async (t) => {
    const rows = sections('has-varied-prices.json');
    t.ok(rows.length > 0);
    for (const [name, product] of rows) t.equal(hasVariedPrices(product), statedAnswer(name), name);
  });

  t.test('is-multi-quantity-allowed-for-services.json', async (t) => {
    const rows = sections('is-multi-quantity-allowed-for-services.json');
    t.ok(rows.length > 0);
    for (const [name, settings] of rows)
      t.equal(isMultipleQuantityAllowedForServices(settings), statedAnswer(name), name);
  });

  t.test('get-item-variant-options.json: each input has a NAME-expected section', async (t) => {
    const rows = new Map(sections('get-item-variant-options.json'));
    const inputs = [...rows.keys()].filter((name) => !name.endsWith('-expected'));
    t.ok(inputs.length > 0);
    for (const name of inputs) {
      t.ok(rows.has(`${name}-expected`), `${name} has an expectation`);
      t.same(variantOptions(rows.get(name)), rows.get(`${name}-expected`), name);
    }
  });

  t.test('get-total-stock-remaining.json: the stock each section name describes', async (t) => {
    // The names say it: unlimited and digital never run out, "six" adds 2+1+3, the rest have none.
    const expected: Record<string, number> = {
      'getTotalStock-unlimited-physical': UNLIMITED_STOCK,
      'getTotalStock-digital': UNLIMITED_STOCK,
      'getTotalStock-six-service': 6,
      'getTotalStock-0-physical': 0,
      'getTotalStock-0-physical-2': 0,
      'getTotalStock-unknown': 0,
    };
    const rows = sections('get-total-stock-remaining.json');
    t.same(rows.map(([name]) => name).sort(), Object.keys(expected).sort(), 'every section is covered');
    for (const [name, product] of rows) t.equal(totalStockRemaining(product), expected[name], name);
  });
}
