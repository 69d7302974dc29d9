/** The download route's Range header reading (renderer/byte-range.ts), as a table. */
import t from 'tap';
import { parseRange } from '../../renderer/byte-range.ts';

const SIZE = 1000;
const cases: Array<[string | undefined, ReturnType<typeof parseRange>]> = [
  [undefined, undefined],
  ['bytes=0-99', { start: 0, end: 99 }],
  ['bytes=100-', { start: 100, end: 999 }],
  ['bytes=900-5000', { start: 900, end: 999 }],
  ['bytes=-100', { start: 900, end: 999 }],
  ['bytes=-5000', { start: 0, end: 999 }],
  ['bytes=999-999', { start: 999, end: 999 }],
  ['bytes=1000-', 'unsatisfiable'],
  ['bytes=-0', 'unsatisfiable'],
  // Not one byte range: the whole file.
  ['bytes=0-1,5-6', undefined],
  ['bytes=200-100', undefined],
  ['items=0-1', undefined],
  ['bytes=-', undefined],
  ['bytes=abc-', undefined],
];

for (const [header, expected] of cases) {
  t.same(parseRange(header, SIZE), expected, String(header));
}
t.equal(parseRange('bytes=0-', 0), 'unsatisfiable', 'an empty file has no byte to give');
