/** The one number reading of the engine, formatters and predicates, and where its text rules part ways. */
import t from 'tap';
import { type NumberReading, readNumber } from '../../engine/read-number.ts';

const READINGS: NumberReading[] = ['leading-decimal', 'leading-number', 'parse-float', 'numeric-literal'];

t.test('non-text values read the same under every rule', async (t) => {
  for (const reading of READINGS) {
    t.equal(readNumber(4.5, reading), 4.5);
    t.equal(readNumber(true, reading), 1);
    t.equal(readNumber(false, reading), 0);
    t.equal(readNumber(null, reading), 0);
    t.equal(readNumber(undefined, reading), 0);
    t.equal(readNumber([3], reading), 0);
    t.equal(readNumber({ a: 1 }, reading), 0);
    t.ok(Number.isNaN(readNumber('abc', reading)), `${reading}: unreadable text is NaN`);
    if (reading !== 'numeric-literal') t.equal(readNumber('12abc', reading), 12, `${reading}: a leading number`);
  }
});

t.test('text is where the readings differ', async (t) => {
  const table: Array<[string, Record<NumberReading, number>]> = [
    ['1.5e2', { 'leading-decimal': 1.5, 'leading-number': 150, 'parse-float': 150, 'numeric-literal': 150 }],
    ['1e3', { 'leading-decimal': 1, 'leading-number': 1, 'parse-float': 1, 'numeric-literal': 1000 }],
    ['.5e4', { 'leading-decimal': 0.5, 'leading-number': 5000, 'parse-float': 5000, 'numeric-literal': Number.NaN }],
    [
      ' -3.5px',
      { 'leading-decimal': -3.5, 'leading-number': -3.5, 'parse-float': -3.5, 'numeric-literal': Number.NaN },
    ],
    ['0x10', { 'leading-decimal': 0, 'leading-number': 0, 'parse-float': 0, 'numeric-literal': 16 }],
  ];
  for (const [text, expected] of table) {
    for (const reading of READINGS) t.same(readNumber(text, reading), expected[reading], `${reading}: '${text}'`);
  }
});
