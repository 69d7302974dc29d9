import t from 'tap';
import { Engine } from '../../engine/index.ts';
import {
  doubleText,
  parseJsonKeepingDoubles,
  requireSourceTextReviver,
  writtenNumber,
} from '../../engine/written-numbers.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';

const engine = new Engine(defaultRegistry);

function render(template: string, json: string, locale = 'en-US'): string {
  const compiled = engine.compile(template);
  t.same(compiled.errors, []);
  return engine.render(compiled.template, engine.parseData(json), { locale }).output;
}

t.test('doubles print as Java prints them', async (t) => {
  t.equal(doubleText(17), '17.0');
  t.equal(doubleText(0), '0.0');
  t.equal(doubleText(-2), '-2.0');
  t.equal(doubleText(0.1), '0.1');
  t.equal(doubleText(1234567.5), '1234567.5');
  t.equal(doubleText(1e7), '1.0E7');
  t.equal(doubleText(1.5e-5), '1.5E-5');
  t.equal(doubleText(2.5e21), '2.5E21');
});

t.test('the reader records only numbers whose printed form differs', async (t) => {
  const data = parseJsonKeepingDoubles('{"a": 1.0, "b": 1, "c": 0.5, "d": [2e3, 3, "4.0"], "e": {"f": 0.0}}') as {
    d: unknown[];
    e: object;
  };
  t.same(data, { a: 1, b: 1, c: 0.5, d: [2000, 3, '4.0'], e: { f: 0 } }, 'values stay plain JSON');
  t.equal(writtenNumber(data, 'a'), '1.0');
  t.equal(writtenNumber(data, 'b'), undefined);
  t.equal(writtenNumber(data, 'c'), undefined, '0.5 prints the same either way');
  t.equal(writtenNumber(data.d, 0), '2000.0');
  t.equal(writtenNumber(data.d, 1), undefined);
  t.equal(writtenNumber(data.d, 2), undefined, 'strings are not numbers');
  t.equal(writtenNumber(data.e, 'f'), '0.0');
  t.equal(writtenNumber(JSON.parse('{"a": 1.0}'), 'a'), undefined, 'plain JSON.parse data has no record');
  t.throws(() => parseJsonKeepingDoubles('{"a": }'), SyntaxError);
});

t.test('{n} prints a double as written; formatters, sections and tests see the number', async (t) => {
  const json = '{"n": 1.0, "zero": 0.0, "list": [1.0, 2, 2.50], "deep": {"x": 17.0}}';
  t.equal(render('{n} {zero} {deep.x}', json), '1.0 0.0 17.0');
  t.equal(render('{.repeated section list}{@} {.end}', json), '1.0 2 2.5 ');
  t.equal(render('{.section deep}{x}{.end}', json), '17.0', 'found up the stack');
  t.equal(render('{n|json}', json), '1', 'formatters get the number');
  t.equal(render('{.section zero}yes{.or}no{.end}', json), 'no', '0.0 is false');
  t.equal(render('{.equal? n 1}same{.end}', json), 'same');
  t.equal(render('{n}', '{"n": 1}'), '1', 'an integer stays an integer');
});

t.test('message arguments keep the written fraction for plural rules and #', async (t) => {
  const json = '{"msg": "{0 plural one{# ONE} other{# OTHER}}", "numbers": [1, 1.0, 2.0]}';
  t.equal(render('{.repeated section numbers}{msg|message @}; {.end}', json), '1 ONE; 1.0 OTHER; 2.0 OTHER; ');
  const pl = '{"msg": "{0 plural one{# ONE} few{# FEW} many{# MANY} other{# OTHER}}", "n": [0, 0.0, 2, 2.0]}';
  t.equal(render('{.repeated section n}{msg|message @}; {.end}', pl, 'pl-PL'), '0 MANY; 0.0 OTHER; 2 FEW; 2.0 OTHER; ');
  t.equal(render('{msg|message n}', '{"msg": "{0 plural one{# ONE} other{# OTHER}}", "n": 1.0}'), '1.0 OTHER');
});

t.test('the engine refuses a runtime whose JSON revivers get no source text', async (t) => {
  t.doesNotThrow(() => requireSourceTextReviver(), 'this Node gives it');
  // An older runtime: the reviver is called with the key and the value only.
  const withoutSource = (text: string, reviver: (key: string, value: unknown) => unknown) =>
    JSON.parse(text, (key, value) => reviver(key, value));
  t.throws(() => requireSourceTextReviver(withoutSource), /needs Node 22 or later/);
});

t.test('a double keeps its written form through a section and a variable', async (t) => {
  const json = '{"n": 1.0, "m": 2, "list": [3.0]}';
  t.equal(render('{.section n}{@}{.end}', json), '1.0', 'entered by a section');
  t.equal(render('{.var @x n}{@x}', json), '1.0', 'bound to a variable');
  t.equal(render('{.section m}{@}{.end}', json), '2', 'an integer stays one');
  t.equal(render('{.repeated section list}{@}{.end}', json), '3.0', 'a list element, as before');
  t.equal(render('{.var @y n|count}{@y}', json), '0', "a formatter's result is a new value");
});
