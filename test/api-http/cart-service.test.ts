import t from 'tap';
import { ApiError } from '../../api/api-errors.ts';
import { optionsPhrase, parseAdditionalFields, parseQuantity } from '../../api/services/cart-service.ts';

t.test('optionsPhrase builds the three spec forms', async (t) => {
  t.equal(optionsPhrase(['Color']), 'Color option');
  t.equal(optionsPhrase(['Size', 'Grind']), 'Size and Grind options');
  t.equal(optionsPhrase(['Size', 'Color', 'Fit']), 'Size, Color and Fit options');
  t.equal(
    new ApiError('options-not-selected', { params: { options: 'Color option' } }).message,
    'Please select the Color option.',
  );
});

t.test('parseQuantity', async (t) => {
  const code = (raw: unknown) => {
    try {
      return parseQuantity(raw);
    } catch (error) {
      return (error as ApiError).code;
    }
  };
  const table: Array<[unknown, number | string]> = [
    [undefined, 1],
    [3, 3],
    ['12', 12],
    [' 7 ', 7],
    [9999, 9999],
    ['abc', 'quantity-not-a-number'],
    [Number.NaN, 'quantity-not-a-number'],
    [[1], 'quantity-not-a-number'],
    [0.5, 'quantity-not-whole'],
    ['1.25', 'quantity-not-whole'],
    [0, 'quantity-out-of-range'],
    [-3, 'quantity-out-of-range'],
    [10000, 'quantity-out-of-range'],
    [Number.POSITIVE_INFINITY, 'quantity-out-of-range'],
  ];
  for (const [raw, expected] of table) t.equal(code(raw), expected, String(raw));
});

t.test('parseAdditionalFields', async (t) => {
  t.equal(parseAdditionalFields(undefined), null);
  t.equal(parseAdditionalFields(''), null);
  t.equal(parseAdditionalFields('null'), null);
  t.same(parseAdditionalFields('{"a":1}'), { a: 1 });
  t.throws(() => parseAdditionalFields('[1]'), ApiError);
  t.throws(() => parseAdditionalFields('"text"'), ApiError);
  t.throws(() => parseAdditionalFields('{bad'), ApiError);
});
