import t from 'tap';
import { readJsonSource } from '../../renderer/template-package/json-source.ts';

t.test('valid JSON: the value as JSON.parse gives it, and where each value starts', async (t) => {
  const text = '{\n  "a": [1, {"b": "x"}],\n  "c": null\n}';
  const json = readJsonSource(text);
  if (!json.ok) throw new Error('expected valid JSON');
  t.same(json.value, JSON.parse(text));
  t.equal(text.slice(json.offsetOf(['a', 1, 'b'])).slice(0, 3), '"x"');
  t.equal(text.slice(json.offsetOf(['c'])).slice(0, 4), 'null');
  t.equal(json.offsetOf(['a', 1, 'missing']), json.offsetOf(['a', 1]), 'an absent key falls back to its object');
  t.equal(json.offsetOf([]), 0);
});

t.test('a byte-order mark is accepted', async (t) => {
  const json = readJsonSource('\ufeff{"a": 1}');
  t.ok(json.ok);
  if (json.ok) t.same(json.value, { a: 1 });
});

t.test('syntax errors: the offset where the text stops being JSON, with a reason', async (t) => {
  const cases: [string, number, RegExp][] = [
    ['{"a": 1 "b": 2}', 8, /expected ',' or '}'/],
    ['{"a": x}', 6, /unexpected character 'x'/],
    ['{"a": 1,}', 8, /trailing comma/],
    ['[1, 2,]', 6, /trailing comma/],
    ['{a: 1}', 1, /property name in double quotes/],
    ['{"a" 1}', 5, /expected ':'/],
    ['{"a": "x\ny"}', 8, /control character/],
    ['{"a": "\\q"}', 7, /invalid escape/],
    ['{"a": "\\u12"}', 7, /four hex digits/],
    ['{"a": "open', 6, /never closed/],
    ['{"a": 1', 7, /expected ',' or '}'/],
    ['', 0, /unexpected end/],
    ['{} {}', 3, /after the end/],
    ['{"a": 01}', 7, /expected ',' or '}'/],
    ['{"a": -}', 6, /invalid number/],
  ];
  for (const [text, offset, detail] of cases) {
    const json = readJsonSource(text);
    t.notOk(json.ok, text);
    if (!json.ok) {
      t.equal(json.offset, offset, `offset for ${JSON.stringify(text)}`);
      t.match(json.detail, detail, text);
    }
  }
});

t.test('whatever the scanner accepts, JSON.parse accepts too', async (t) => {
  for (const text of ['"\\u00e9\\n"', '-0.5e+3', '[true, false, null]', '{"__proto__": 1}', ' \t\r\n 1 ']) {
    const json = readJsonSource(text);
    t.ok(json.ok, text);
    if (json.ok) t.same(json.value, JSON.parse(text));
  }
});
