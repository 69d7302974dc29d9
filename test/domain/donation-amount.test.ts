/**
 * The donate page's amount rules (domain/donations/donation-amount.ts), as
 * a table: presets, the visitor's own amount as typed in dollars and in
 * yen, and each refusal with its message.
 */
import t from 'tap';
import {
  CUSTOM_AMOUNT,
  type DonationTerms,
  DONATION_AMOUNT_MESSAGES as M,
  readDonationAmount,
} from '../../domain/donations/donation-amount.ts';

const USD: DonationTerms = { presetAmounts: ['1000', '2500'], allowCustom: true, minimum: '500', maximum: '100000' };
const PRESETS_ONLY: DonationTerms = { ...USD, allowCustom: false };
const JPY: DonationTerms = { presetAmounts: ['1000'], allowCustom: true, minimum: '500', maximum: '50000' };

const cases: Array<[string, { choice: string; custom: string }, DonationTerms, string, string | { minor: string }]> = [
  ['a preset', { choice: '2500', custom: '' }, USD, 'USD', { minor: '2500' }],
  ['a preset beside a typed amount is asked about', { choice: '1000', custom: '77' }, USD, 'USD', M.both],
  [
    'a typed amount is ignored where none is allowed',
    { choice: '1000', custom: '77' },
    PRESETS_ONLY,
    'USD',
    { minor: '1000' },
  ],
  ['a preset the cause does not offer', { choice: '999', custom: '' }, USD, 'USD', M.notOffered],
  ['nothing chosen', { choice: '', custom: '' }, USD, 'USD', M.chooseOrEnter],
  ['nothing chosen, presets only', { choice: '', custom: '' }, PRESETS_ONLY, 'USD', M.choose],
  ['custom chosen but empty', { choice: CUSTOM_AMOUNT, custom: '' }, USD, 'USD', M.chooseOrEnter],
  ['custom, whole dollars', { choice: CUSTOM_AMOUNT, custom: '30' }, USD, 'USD', { minor: '3000' }],
  ['custom, one decimal', { choice: CUSTOM_AMOUNT, custom: '30.5' }, USD, 'USD', { minor: '3050' }],
  ['custom field alone counts', { choice: '', custom: '12.34' }, USD, 'USD', { minor: '1234' }],
  ['custom with sign and comma', { choice: CUSTOM_AMOUNT, custom: '$1,000' }, USD, 'USD', { minor: '100000' }],
  [
    'custom, a comma that is no thousands one',
    { choice: CUSTOM_AMOUNT, custom: '1,00' },
    USD,
    'USD',
    M.notANumber('USD'),
  ],
  ['custom, with the currency code', { choice: CUSTOM_AMOUNT, custom: 'USD 25' }, USD, 'USD', { minor: '2500' }],
  ['custom, three decimals', { choice: CUSTOM_AMOUNT, custom: '30.505' }, USD, 'USD', M.notANumber('USD')],
  ['custom, words', { choice: CUSTOM_AMOUNT, custom: 'thirty' }, USD, 'USD', M.notANumber('USD')],
  ['custom, negative', { choice: CUSTOM_AMOUNT, custom: '-10' }, USD, 'USD', M.notANumber('USD')],
  ['custom, below minimum', { choice: CUSTOM_AMOUNT, custom: '4.99' }, USD, 'USD', M.belowMinimum('$5.00')],
  ['custom, zero', { choice: CUSTOM_AMOUNT, custom: '0' }, USD, 'USD', M.belowMinimum('$5.00')],
  ['custom, above maximum', { choice: CUSTOM_AMOUNT, custom: '1000.01' }, USD, 'USD', M.aboveMaximum('$1,000.00')],
  ['custom refused when not allowed', { choice: CUSTOM_AMOUNT, custom: '30' }, PRESETS_ONLY, 'USD', M.choose],
  ['yen, whole', { choice: CUSTOM_AMOUNT, custom: '1200' }, JPY, 'JPY', { minor: '1200' }],
  ['yen has no decimals', { choice: CUSTOM_AMOUNT, custom: '1200.5' }, JPY, 'JPY', M.notANumber('JPY')],
  ['yen above maximum', { choice: CUSTOM_AMOUNT, custom: '60000' }, JPY, 'JPY', M.aboveMaximum('¥50,000')],
];

for (const [name, sent, terms, currency, expected] of cases) {
  const result = readDonationAmount(sent, terms, currency);
  if (typeof expected === 'string') t.same(result, { ok: false, message: expected }, name);
  else t.same(result, { ok: true, amountMinor: expected.minor }, name);
}

t.equal(M.notANumber('JPY'), 'Enter the amount as a number, for example 500.');
t.equal(M.aboveMaximum('$1,000.00'), 'The largest amount you can give is $1,000.00.');
