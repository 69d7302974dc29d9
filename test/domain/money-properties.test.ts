/**
 * Properties of the one money module (domain/money), checked over generated
 * amounts, currencies and locales with fast-check: exact round trips between
 * minor units, amounts and display text, the browser's formatting agreeing
 * with the server's, and allocation that adds up to the whole. Amounts reach
 * 10^20 minor units, far past where a float would lose digits.
 */
import fc from 'fast-check';
import t from 'tap';
import {
  allocateMinorUnits,
  allocateMoney,
  compareMinorUnits,
  decimalText,
  formatMinorUnits,
  formatMoneyLocale,
  fractionDigits,
  fromMinorUnits,
  lineTotal,
  type Money,
  majorUnitsText,
  minorUnitsOf,
  parseMoney,
  SUPPORTED_CURRENCIES,
  sumMinorUnits,
  toMinorUnits,
} from '../../domain/money/index.ts';

const LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'sv-SE', 'es-US', 'ja-JP', 'pt-BR', 'hi-IN', 'ar-EG'];
const minorUnits = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n });
const currency = fc.constantFrom(...SUPPORTED_CURRENCIES);
const locale = fc.constantFrom(...LOCALES);
const RUNS = { numRuns: 300 };

const money = (minor: bigint, code: string): Money => fromMinorUnits(minor, code) as Money;

/** Reads an amount back out of locale text: its digits and decimal point, by the parts Intl says they are. */
function readBack(text: string, tag: string): string {
  const parts = new Intl.NumberFormat(tag, { minimumFractionDigits: 1 }).formatToParts(1.5);
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  const digits = new Intl.NumberFormat(tag, { useGrouping: false }).format(9876543210);
  let out = '';
  for (const char of text) {
    const index = digits.indexOf(char);
    if (index >= 0) out += '9876543210'[index];
    else if (char === decimal) out += '.';
  }
  const negative = /[-\u2212]/.test(text) || /^\(.*\)$/.test(text.trim());
  return negative && /[1-9]/.test(out) ? `-${out}` : out;
}

t.test('minor units → money → minor units is exact in every currency', async (t) => {
  fc.assert(
    fc.property(minorUnits, currency, (minor, code) => toMinorUnits(money(minor, code)) === minor.toString()),
    RUNS,
  );
  t.pass(`held for ${RUNS.numRuns} generated cases`);
});

t.test('the browser text of minor units is the server amount', async (t) => {
  fc.assert(
    fc.property(minorUnits, currency, (minor, code) => {
      const text = majorUnitsText(minor.toString(), code);
      const amount = money(minor, code).amount;
      // The same number, with exactly the currency's digits.
      return text === amount.toFixed(fractionDigits(code)).replace(/^-(0\.?0*)$/, '$1');
    }),
    RUNS,
  );
  t.pass(`held for ${RUNS.numRuns} generated cases`);
});

t.test('money parsed from template JSON keeps every digit', async (t) => {
  fc.assert(
    fc.property(minorUnits, currency, (minor, code) => {
      const value = majorUnitsText(minor.toString(), code) as string;
      const parsed = parseMoney({ value, currency: code });
      return parsed?.amount.eq(money(minor, code).amount) === true && parsed.currency === code;
    }),
    RUNS,
  );
  t.pass(`held for ${RUNS.numRuns} generated cases`);
});

t.test('formatted text reads back as the amount, per currency and locale', async (t) => {
  fc.assert(
    fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), currency, locale, (minor, code, tag) => {
      const text = formatMoneyLocale(money(minor, code), tag);
      return readBack(text, tag) === majorUnitsText(minor.toString(), code);
    }),
    RUNS,
  );
  t.pass(`held for ${RUNS.numRuns} generated cases`);
});

t.test('the browser formats minor units exactly as the server formats the amount', async (t) => {
  fc.assert(
    fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), currency, locale, (minor, code, tag) => {
      return formatMinorUnits(minor.toString(), code, tag) === formatMoneyLocale(money(minor, code), tag);
    }),
    RUNS,
  );
  t.pass(`held for ${RUNS.numRuns} generated cases`);
});

t.test('allocation adds up to the whole, and no share is more than a cent from its exact part', async (t) => {
  fc.assert(
    fc.property(
      minorUnits,
      fc.array(fc.bigInt({ min: 0n, max: 10n ** 9n }), { minLength: 1, maxLength: 12 }),
      (whole, weights) => {
        const shares = allocateMinorUnits(whole, weights);
        if (shares.length !== weights.length) return false;
        if (shares.reduce((sum, share) => sum + share, 0n) !== whole) return false;
        const total = weights.reduce((sum, weight) => sum + weight, 0n);
        return shares.every((share, index) => {
          const weight = total === 0n ? 1n : (weights[index] as bigint);
          const sum = total === 0n ? BigInt(weights.length) : total;
          // |share × sum − whole × weight| < sum: within one minor unit of the exact proportion.
          const error = share * sum - whole * weight;
          return (error < 0n ? -error : error) < sum;
        });
      },
    ),
    RUNS,
  );
  t.pass(`held for ${RUNS.numRuns} generated cases`);
});

t.test('allocating money keeps the currency and the total', async (t) => {
  const shares = allocateMoney(money(1000n, 'USD'), [1, 2]);
  t.same(
    shares.map((share) => [decimalText(share.amount), share.currency]),
    [
      ['3.33', 'USD'],
      ['6.67', 'USD'],
    ],
  );
  t.same(
    allocateMoney(money(1000n, 'JPY'), [1, 1, 1]).map((share) => decimalText(share.amount)),
    ['334', '333', '333'],
  );
  t.same(allocateMinorUnits(-100n, [1n, 1n, 1n]), [-34n, -33n, -33n], 'a refund splits like a charge');
  t.same(allocateMinorUnits(5n, [0n, 0n]), [3n, 2n], 'all-zero weights split evenly');
  t.throws(() => allocateMinorUnits(5n, []), RangeError);
  t.throws(() => allocateMinorUnits(5n, [-1n, 2n]), RangeError);
});

t.test('minor-unit arithmetic is exact and refuses fractions', async (t) => {
  t.equal(lineTotal('1250', 3), '3750');
  t.equal(lineTotal('900719925474099300', 9999), '9006298534815518900700', 'past what a float holds');
  t.equal(sumMinorUnits(['100', 250n, 5, '-55']), '300');
  t.equal(sumMinorUnits([]), '0');
  t.equal(compareMinorUnits('999', '1000'), -1);
  t.equal(compareMinorUnits(5n, '5'), 0);
  t.throws(() => minorUnitsOf('19.99'), RangeError);
  t.throws(() => minorUnitsOf(1.5), RangeError);
  t.throws(() => minorUnitsOf(''), RangeError);
});
