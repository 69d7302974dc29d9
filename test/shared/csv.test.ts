/**
 * CSV text (shared/csv.ts): quoting of commas, quotes and line breaks, CRLF
 * rows, the formula guard for files opened in spreadsheets, and a round
 * trip of any text through a strict reader.
 */
import fc from 'fast-check';
import t from 'tap';
import { csvCell, toCsv } from '../../shared/csv.ts';
import { readCsv } from './csv-reader.ts';

const guarded = { guardFormulas: true };
const plain = { guardFormulas: false };

t.test('cells are quoted only when they hold a comma, a quote or a line break', async (t) => {
  t.equal(csvCell('plain text', plain), 'plain text');
  t.equal(csvCell('a,b', plain), '"a,b"');
  t.equal(csvCell('say "hi"', plain), '"say ""hi"""');
  t.equal(csvCell('two\nlines', plain), '"two\nlines"');
  t.equal(csvCell('cr\rhere', plain), '"cr\rhere"');
  t.equal(csvCell(null, plain), '');
  t.equal(csvCell(undefined, plain), '');
  t.equal(csvCell(42, plain), '42');
});

t.test('a cell a spreadsheet would run as a formula starts with an apostrophe', async (t) => {
  for (const formula of ['=1+1', '+1', '-2', '@SUM(A1:A2)', '\tcmd', '\r=1']) {
    t.ok(csvCell(formula, guarded).replace(/^"/, '').startsWith("'"), JSON.stringify(formula));
  }
  t.equal(
    csvCell('=HYPERLINK("http://evil.example","click")', guarded),
    `"'=HYPERLINK(""http://evil.example"",""click"")"`,
  );
  t.equal(csvCell('-2', plain), '-2', 'a feed keeps its text as it is');
  t.equal(csvCell('a=b', guarded), 'a=b', 'only the first character counts');
  t.equal(csvCell('', guarded), '');
});

t.test('rows end with CRLF, the header first', async (t) => {
  t.equal(toCsv(['a', 'b'], [[1, 'x,y']], plain), 'a,b\r\n1,"x,y"\r\n');
  t.equal(toCsv(['only'], [], plain), 'only\r\n');
});

t.test('any text reads back as written (guarded: with the apostrophe)', async (t) => {
  fc.assert(
    fc.property(
      fc.array(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 4 }), { maxLength: 5 }),
      (rows) => {
        const width = Math.max(1, ...rows.map((row) => row.length));
        const padded = rows.map((row) => [...row, ...Array<string>(width - row.length).fill('')]);
        const columns = Array.from({ length: width }, (_, i) => `c${i}`);
        const read = readCsv(toCsv(columns, padded, plain));
        t.same(read, [columns, ...padded]);
        const guardedRead = readCsv(toCsv(columns, padded, guarded)).slice(1);
        for (const [r, row] of padded.entries()) {
          for (const [c, cell] of row.entries()) {
            const expected = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
            if (guardedRead[r]![c] !== expected) return false;
          }
        }
        return true;
      },
    ),
  );
});
