/** The orders panel's forms: the refund amount as typed, and the fulfil and refund schemas' refusals. */
import t from 'tap';
import { amountToMinor, fulfilOrderSchema, refundOrderSchema } from '../../shared/order-admin-schemas.ts';

t.test('a refund amount as typed, in the currency’s minor units', async (t) => {
  t.equal(amountToMinor('12.5', 'USD'), '1250');
  t.equal(amountToMinor(' 12.05 ', 'USD'), '1205');
  t.equal(amountToMinor('7', 'EUR'), '700');
  t.equal(amountToMinor('500', 'JPY'), '500');
  t.equal(amountToMinor('1.5', 'JPY'), undefined, 'yen have no fraction');
  t.equal(amountToMinor('1.005', 'USD'), undefined, 'no third decimal for dollars');
  for (const bad of ['', '-1', '1,50', 'ten', '.5', '1e3']) t.equal(amountToMinor(bad, 'USD'), undefined, bad);
});

t.test('fulfil: every field optional, empty is none, the tracking address a web address', async (t) => {
  t.same(fulfilOrderSchema.parse({}), { trackingNumber: null, carrier: null, trackingUrl: null });
  t.same(fulfilOrderSchema.parse({ carrier: ' UPS ', trackingNumber: '', trackingUrl: 'https://ups.example/t/1' }), {
    carrier: 'UPS',
    trackingNumber: null,
    trackingUrl: 'https://ups.example/t/1',
  });
  t.notOk(fulfilOrderSchema.safeParse({ trackingUrl: 'javascript:alert(1)' }).success);
  t.notOk(fulfilOrderSchema.safeParse({ carrier: 'x'.repeat(101) }).success);
});

t.test('refund: a whole positive number of minor units, a reason of at most 500 characters', async (t) => {
  t.same(refundOrderSchema.parse({ amountCents: '1250' }), { amountCents: '1250', reason: '' });
  for (const amountCents of ['0', '-5', '12.50', '0100', '']) {
    t.notOk(refundOrderSchema.safeParse({ amountCents }).success, amountCents);
  }
  t.notOk(refundOrderSchema.safeParse({ amountCents: '1', reason: 'x'.repeat(501) }).success);
});
