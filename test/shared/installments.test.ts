import fc from 'fast-check';
import t from 'tap';
import {
  DEFAULT_INSTALLMENT_COUNT,
  type InstallmentContext,
  installmentNotice,
  installmentNoticeText,
  installmentPlan,
  isInstallmentEligible,
  legacyCentsToMinorUnits,
  parseInstallmentContext,
  parseMinorUnits,
  providerCountry,
  providerName,
} from '../../shared/installments.ts';

const US: InstallmentContext = {
  afterPayAvailable: true,
  afterPayMin: '100',
  afterPayMax: '200000',
  shopperLanguage: 'en-US',
  stripeAccountCountry: 'US',
};
const PHYSICAL = 1;
/** A stand-in money formatter: the tests are about which amount goes where. */
const usd = (minor: string) => `$${minor.padStart(3, '0').slice(0, -2)}.${minor.padStart(3, '0').slice(-2)}`;

t.test('the installment count defaults to 4', async (t) => {
  t.equal(DEFAULT_INSTALLMENT_COUNT, 4);
  t.equal(installmentPlan(2400n).length, 4);
});

t.test('eligibility: physical products only', async (t) => {
  t.ok(isInstallmentEligible(US, [PHYSICAL]));
  t.ok(isInstallmentEligible(US, [PHYSICAL, PHYSICAL]), 'a cart of physical products');
  for (const type of [2, 3, 4, 5]) t.notOk(isInstallmentEligible(US, [type]), `type ${type}`);
  t.notOk(isInstallmentEligible(US, [PHYSICAL, 2]), 'every cart item must be physical');
  t.notOk(isInstallmentEligible(US, []), 'nothing to pay for');
  t.notOk(isInstallmentEligible({ ...US, afterPayAvailable: false }, [PHYSICAL]), 'the store has it off');
});

t.test('eligibility: provider locales by account country', async (t) => {
  const eligible = (stripeAccountCountry: string, shopperLanguage: string) =>
    isInstallmentEligible({ ...US, stripeAccountCountry, shopperLanguage }, [PHYSICAL]);
  const table: Array<[string, string, boolean]> = [
    ['US', 'en-US', true],
    ['US', 'en', true],
    ['US', 'fr-FR', false],
    ['CA', 'en-CA', true],
    ['CA', 'fr-CA', true],
    ['CA', 'es', false],
    ['AU', 'en-AU', true],
    ['AU', 'fr', false],
    ['NZ', 'en-NZ', true],
    ['GB', 'en-GB', true],
    ['GB', 'fr', false],
    ['FR', 'fr-FR', false],
    ['DE', 'en', false],
    ['', 'en', false],
    ['us', 'EN_us', true],
  ];
  for (const [country, language, expected] of table)
    t.equal(eligible(country, language), expected, `${country} ${language}`);
});

t.test('US territories count as US', async (t) => {
  for (const territory of ['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM']) {
    t.equal(providerCountry(territory), 'US', territory);
    t.ok(isInstallmentEligible({ ...US, stripeAccountCountry: territory }, [PHYSICAL]), `${territory} is eligible`);
    t.equal(providerName(territory), 'Afterpay');
  }
  t.equal(providerCountry('CA'), 'CA');
  t.equal(providerCountry('pr'), 'US', 'case does not matter');
});

t.test('the provider is Clearpay in GB and Afterpay elsewhere', async (t) => {
  t.equal(providerName('GB'), 'Clearpay');
  t.equal(providerName('gb'), 'Clearpay');
  for (const country of ['US', 'CA', 'AU', 'NZ', 'FR', '']) t.equal(providerName(country), 'Afterpay', country);
});

t.test('range: above the minimum and at most the maximum', async (t) => {
  t.same(installmentNotice(100n, US), { kind: 'over-minimum', limit: 100n }, 'equal to the minimum is out of range');
  t.same(installmentNotice(99n, US), { kind: 'over-minimum', limit: 100n });
  t.same(installmentNotice(0n, US), { kind: 'over-minimum', limit: 100n });
  t.equal(installmentNotice(101n, US).kind, 'in-range', 'one minor unit above the minimum');
  t.same(
    installmentNotice(200000n, US),
    { kind: 'in-range', count: 4, payment: 50000n, payments: [50000n, 50000n, 50000n, 50000n] },
    'equal to the maximum is in range',
  );
  t.same(installmentNotice(200001n, US), { kind: 'up-to-maximum', limit: 200000n });
  t.equal(installmentNotice(2400n, US, 6).kind, 'in-range');
  t.equal((installmentNotice(2400n, US, 6) as { payment: bigint }).payment, 400n, 'another count');
});

t.test('payments are exact minor units; the remainder goes on the first', async (t) => {
  t.same(installmentPlan(2400n), [600n, 600n, 600n, 600n]);
  t.same(installmentPlan(2401n), [601n, 600n, 600n, 600n]);
  t.same(installmentPlan(2403n), [603n, 600n, 600n, 600n]);
  t.same(installmentPlan(3n), [3n, 0n, 0n, 0n]);
  t.same(installmentPlan(10n, 3), [4n, 3n, 3n]);
  const huge = 9007199254740993n; // 2^53 + 1: a float would lose the last unit
  t.equal(
    installmentPlan(huge).reduce((a, b) => a + b, 0n),
    huge,
  );
  t.throws(() => installmentPlan(100n, 0), RangeError);
  t.throws(() => installmentPlan(100n, 2.5), RangeError);

  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 1, max: 24 }), (price, count) => {
      const plan = installmentPlan(price, count);
      const [first, ...rest] = plan;
      return (
        plan.length === count &&
        plan.reduce((a, b) => a + b, 0n) === price &&
        rest.every((p) => p === price / BigInt(count)) &&
        first! - price / BigInt(count) < BigInt(count)
      );
    }),
  );
});

t.test('notice wording (spec section 9)', async (t) => {
  t.equal(installmentNoticeText(installmentNotice(2400n, US), usd), '4 interest-free payments of $6.00');
  t.equal(installmentNoticeText(installmentNotice(2401n, US), usd), '4 interest-free payments of $6.00');
  t.equal(installmentNoticeText(installmentNotice(250000n, US), usd), 'available for orders up to $2000.00');
  t.equal(installmentNoticeText(installmentNotice(50n, US), usd), 'available for orders over $1.00');
});

t.test('legacy cents are hundredths in every currency; JPY has no minor digits', async (t) => {
  t.equal(legacyCentsToMinorUnits('2400', 'USD'), 2400n);
  t.equal(legacyCentsToMinorUnits('2400', 'EUR'), 2400n);
  t.equal(legacyCentsToMinorUnits('150000', 'JPY'), 1500n, '¥1,500');
  t.equal(legacyCentsToMinorUnits('150050', 'JPY'), undefined, 'half a yen cannot be charged');
  t.equal(legacyCentsToMinorUnits(2400, 'USD'), 2400n, 'numbers too');
  for (const bad of ['', '12.5', '-100', 'abc', '1e3', null, undefined, 1.5, -1, Number.MAX_SAFE_INTEGER + 2]) {
    t.equal(legacyCentsToMinorUnits(bad, 'USD'), undefined, String(bad));
  }
  const yen = { ...US, afterPayMin: '100', afterPayMax: '300000' };
  const notice = installmentNotice(legacyCentsToMinorUnits('150000', 'JPY')!, yen);
  t.same(notice, { kind: 'in-range', count: 4, payment: 375n, payments: [375n, 375n, 375n, 375n] });
  t.same(installmentPlan(1501n), [376n, 375n, 375n, 375n], 'the yen left over goes on the first payment');
});

t.test('reading a context: every field checked', async (t) => {
  t.same(parseInstallmentContext(US), US);
  t.same(parseInstallmentContext({ ...US, afterPayMin: 100, afterPayMax: 200000 }), US, 'numbers are accepted');
  t.same(parseInstallmentContext({ ...US, afterPayMin: '0100' }), US, 'normalized');
  const broken: unknown[] = [
    null,
    'text',
    [],
    {},
    { ...US, afterPayAvailable: 'true' },
    { ...US, afterPayMin: undefined },
    { ...US, afterPayMin: '1.00' },
    { ...US, afterPayMax: -5 },
    { ...US, shopperLanguage: 3 },
    { ...US, stripeAccountCountry: null },
  ];
  for (const value of broken) t.equal(parseInstallmentContext(value), undefined, JSON.stringify(value));
  t.equal(parseMinorUnits('007'), 7n);
  t.equal(parseMinorUnits(' 7'), undefined);
});
