import fc from 'fast-check';
import t from 'tap';
import {
  addMoney,
  currencyForLocale,
  DEFAULT_CURRENCY,
  Decimal,
  decimalText,
  formatDecimalDefault,
  formatMoney,
  formatMoneyDefault,
  formatMoneyLocale,
  fractionDigits,
  fromLegacyCents,
  fromMinorUnits,
  isSupportedCurrency,
  MONEY_ERRORS,
  type Money,
  moneyOrZero,
  multiplyMoney,
  parseDecimal,
  parseMoney,
  parseMoneyWithCurrency,
  SUPPORTED_CURRENCIES,
  toLegacyCents,
  toMinorUnits,
  toMoneyNode,
  ZERO_MONEY,
} from '../../domain/money/index.ts';

const money = (amount: string, currency = 'USD'): Money => ({ amount: new Decimal(amount), currency });

t.test('the spec currencies: 27 codes, 2 digits except JPY', async (t) => {
  t.equal(SUPPORTED_CURRENCIES.length, 27);
  t.equal(new Set(SUPPORTED_CURRENCIES).size, 27);
  for (const code of SUPPORTED_CURRENCIES) t.equal(fractionDigits(code), code === 'JPY' ? 0 : 2, code);
  t.equal(DEFAULT_CURRENCY, 'USD');
  t.ok(isSupportedCurrency('EUR'));
  t.notOk(isSupportedCurrency('eur'));
  t.notOk(isSupportedCurrency('KRW'));
  t.notOk(isSupportedCurrency(5));
});

t.test('parseDecimal reads decimal text and finite numbers only', async (t) => {
  t.equal(decimalText(parseDecimal('12.50')!), '12.5');
  t.equal(decimalText(parseDecimal('.5')!), '0.5');
  t.equal(decimalText(parseDecimal('+5')!), '5');
  t.equal(decimalText(parseDecimal('1e3')!), '1000');
  t.equal(decimalText(parseDecimal(-0.25)!), '-0.25');
  for (const bad of [
    'abc',
    ' 5',
    '5 ',
    '',
    '0x10',
    'Infinity',
    '1e401',
    Number.NaN,
    Infinity,
    null,
    undefined,
    {},
    [],
    true,
  ]) {
    t.equal(parseDecimal(bad), undefined, JSON.stringify(bad) ?? String(bad));
  }
  t.equal(decimalText(new Decimal('-0')), '0', 'no negative zero in text');
});

t.test('parseMoney reads both template shapes', async (t) => {
  const a = parseMoney({ value: '19.99', currency: 'EUR' })!;
  t.equal(decimalText(a.amount), '19.99');
  t.equal(a.currency, 'EUR');
  const b = parseMoney({ decimalValue: '5', currencyCode: 'JPY' })!;
  t.equal(decimalText(b.amount), '5');
  t.equal(b.currency, 'JPY');
  t.equal(parseMoney({ value: '3' })!.currency, 'USD', 'default currency');
  t.equal(parseMoney({ value: 'abc', currency: 'USD' }), undefined);
  t.equal(parseMoney(12345), undefined);
  t.equal(parseMoney({ currency: 'USD' }), undefined);
  t.equal(decimalText(moneyOrZero({ value: 'abc' }).amount), '0', 'lenient reading');
  t.equal(moneyOrZero(undefined), ZERO_MONEY);
  t.same(toMoneyNode(money('1.50', 'GBP')), { value: '1.5', currency: 'GBP' });
});

t.test('minor units use the currency digits; legacy cents are always hundredths', async (t) => {
  t.equal(decimalText(fromMinorUnits('1999', 'EUR')!.amount), '19.99');
  t.equal(decimalText(fromMinorUnits(500, 'JPY')!.amount), '500');
  t.equal(decimalText(fromMinorUnits(12n, 'USD')!.amount), '0.12');
  t.equal(fromMinorUnits('x', 'USD'), undefined);
  t.equal(toMinorUnits(money('19.995')), '2000', 'half up');
  t.equal(toMinorUnits(money('5.5', 'JPY')), '6');
  t.equal(decimalText(fromLegacyCents(12345)!.amount), '123.45');
  t.equal(decimalText(fromLegacyCents('12345', 'JPY')!.amount), '123.45');
  t.equal(toLegacyCents(money('6.125')), '612.5');
  t.equal(toLegacyCents(money('12345678901234567.89')), '1234567890123456789', 'exact beyond float precision');
});

t.test('arithmetic stays exact and refuses mixed currencies', async (t) => {
  t.equal(decimalText(addMoney(money('0.1'), money('0.2'))!.amount), '0.3');
  t.equal(addMoney(money('1'), money('1', 'EUR')), undefined);
  t.equal(decimalText(multiplyMoney(money('19.99'), 3)!.amount), '59.97');
  t.equal(multiplyMoney(money('1'), 'x'), undefined);
});

t.test('default format: "," thousands, "." decimals, sign first', async (t) => {
  t.equal(formatMoneyDefault(money('1234567.891')), '1,234,567.89');
  t.equal(formatMoneyDefault(money('-1234.5')), '-1,234.50');
  t.equal(formatMoneyDefault(money('0.005')), '0.01', 'half up');
  t.equal(formatMoneyDefault(money('-0.001')), '-0.00', 'sign of the unrounded amount');
  t.equal(formatMoneyDefault(money('1234', 'JPY')), '1,234');
  t.equal(formatMoneyDefault(money('5', 'EUR'), { symbol: '€', dropZeroFraction: true }), '€5');
  t.equal(formatMoneyDefault(money('5.10', 'EUR'), { dropZeroFraction: true }), '5.10');
  t.equal(formatDecimalDefault(new Decimal('123'), 2), '123.00');
  t.equal(
    formatDecimalDefault(new Decimal('1234567890123456789'), 0),
    '234,567,890,123,456,789'.slice(-19),
    '15 integer places',
  );
});

t.test('locale format goes through Intl without floats', async (t) => {
  t.equal(formatMoneyLocale(money('1234.5', 'EUR'), 'de-DE'), '1.234,50\u00a0€');
  t.equal(formatMoneyLocale(money('2500', 'USD'), 'en-US'), '$2,500.00');
  t.equal(formatMoneyLocale(money('1234.5', 'JPY'), 'en-US'), '¥1,234', 'JPY has no fraction; half even');
  t.equal(formatMoneyLocale(money('0.125'), 'en-US'), '$0.12', 'half even');
  t.equal(formatMoneyLocale(money('-0.001'), 'en-US'), '$0.00', 'no minus on zero');
  t.equal(formatMoneyLocale(money('1234.5', 'XYZ'), 'en-US'), '\u00a01,234.50', 'unknown code: layout kept, no symbol');
  t.equal(formatMoneyLocale(money('12345678901234567.89'), 'en-US'), '$12,345,678,901,234,567.89');
  t.equal(formatMoneyLocale(money('5'), 'not a locale!'), '$5.00', 'bad tag falls back');
  t.equal(currencyForLocale('fr'), 'EUR');
  t.equal(currencyForLocale('en-GB'), 'GBP');
  t.equal(currencyForLocale('ja'), 'JPY');
  t.equal(currencyForLocale('en'), 'USD');
  t.equal(currencyForLocale('zz-ZZ'), 'USD');
});

t.test('formatMoney: the one entry point, with the spec error', async (t) => {
  t.same(formatMoney({ value: '5', currency: 'EUR' }), { ok: true, text: '5.00' });
  t.same(formatMoney({ value: '5', currency: 'EUR' }, { locale: 'de-DE', dropZeroFraction: true }), {
    ok: true,
    text: '5\u00a0€',
  });
  t.same(formatMoney(money('5.25'), { locale: 'en-US', dropZeroFraction: true }), { ok: true, text: '$5.25' });
  for (const bad of [5, 'x', null, undefined, { value: 'abc' }, []]) {
    t.same(formatMoney(bad), { ok: false, error: 'Format expects a Money instance.' });
  }
  t.equal(MONEY_ERRORS.NOT_MONEY, 'Format expects a Money instance.');
});

const currencyArb = fc.constantFrom(...SUPPORTED_CURRENCIES);
const decimalTextArb = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 0, max: 6 }))
  .map(([neg, units, scale]) => {
    const digits = units.toString().padStart(scale + 1, '0');
    const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    return neg ? `-${text}` : text;
  });

t.test('property: parsing and formatting never throw on any input', async (t) => {
  fc.assert(
    fc.property(fc.anything(), (value) => {
      parseDecimal(value);
      parseMoney(value);
      moneyOrZero(value);
      formatMoney(value);
      formatMoney(value, { locale: 'fr-FR' });
      fromLegacyCents(value);
    }),
  );
  fc.assert(
    fc.property(fc.string(), fc.string(), (value, currency) => {
      const m = moneyOrZero({ value, currency });
      formatMoneyDefault(m);
      formatMoneyLocale(m, 'en-US');
    }),
  );
  t.pass();
});

t.test('property: minor units round-trip through Money', async (t) => {
  fc.assert(
    fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), currencyArb, (minor, currency) => {
      const m = fromMinorUnits(minor, currency)!;
      return toMinorUnits(m) === minor.toString() && toMinorUnits(parseMoney(toMoneyNode(m))!) === minor.toString();
    }),
  );
  fc.assert(
    fc.property(
      fc.integer({ min: -1e9, max: 1e9 }),
      (cents) => toLegacyCents(fromLegacyCents(cents)!) === String(cents),
    ),
  );
  t.pass();
});

t.test('property: JPY shows no decimals, the others exactly two', async (t) => {
  fc.assert(
    fc.property(decimalTextArb, currencyArb, (amount, currency) => {
      const m = money(amount, currency);
      const text = formatMoneyDefault(m);
      const shape = currency === 'JPY' ? /^-?\d{1,3}(,\d{3})*$/ : /^-?\d{1,3}(,\d{3})*\.\d{2}$/;
      const local = formatMoneyLocale(m, 'en-US');
      return shape.test(text) && (currency !== 'JPY' || !/[.]\d/.test(local));
    }),
  );
  t.pass();
});

t.test('property: the default format keeps the value (within 15 integer places)', async (t) => {
  const priceArb = fc
    .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.integer({ min: 0, max: 4 }))
    .map(
      ([neg, whole, cents]) =>
        `${neg ? '-' : ''}${whole}.${String(cents * 1234)
          .padStart(4, '0')
          .slice(0, 4)}`,
    );
  fc.assert(
    fc.property(priceArb, (amount) => {
      const text = formatMoneyDefault(money(amount));
      const back = new Decimal(text.replace(/,/g, ''));
      return back.eq(new Decimal(amount).round(2, Decimal.roundHalfUp)) || /^-0\.00$/.test(text);
    }),
  );
  t.pass();
});

t.test(
  'page money carries both pairs: the decimal pair is the amount, value alone is read in major units',
  async (t) => {
    const page = { value: '1900', currency: 'USD', decimalValue: '19.00', currencyCode: 'USD' };
    t.equal(decimalText(parseMoney(page)!.amount), '19');
    t.equal(parseMoney(page)!.currency, 'USD');
    t.equal(decimalText(parseMoneyWithCurrency(page)!.amount), '19');
    // Template data written for the reference engine (conformance f-product-price-9).
    t.equal(decimalText(parseMoney({ value: '2500', currency: 'EUR' })!.amount), '2500');
    t.equal(parseMoneyWithCurrency({ value: '5', currencyCode: 'JPY' })?.currency, 'JPY', 'either code name');
  },
);
