import t from 'tap';
import { engine } from './engine-fixture.ts';

const SOURCES = [
  'a{b}c\n{d.0.e|html|apply x.block}',
  '{.repeated section items}{@index}{.alternates with}, {.or}none{.end}',
  '{.section a}{.equal? b "x y"}1{.or odd? c}2{.or}3{.end}{.end}',
  '{.if a && b || c}y{.or}n{.end}{.var @v a,b|json}{.ctx @c k=a.b}{.eval 1 + 2}',
  '{.macro m}{x}{.end}{.include m output}{.inject @i data.json}{# c}{## multi\nline ##}',
  '{.meta-left}{.meta-right}{.newline}{.space}{.tab}',
];

t.test('export → import → export is stable and renders the same', async (t) => {
  for (const source of SOURCES) {
    const first = engine.compile(source);
    const json = engine.toInterchange(first.template);
    const again = engine.fromInterchange(JSON.parse(JSON.stringify(json)));
    t.same(again.errors, [], source);
    t.same(engine.toInterchange(again.template), json, source);
    const data = { a: { b: 2 }, b: 'x y', c: 3, items: [1, 2], d: [{ e: '<' }], x: 'X' };
    const opts = { partials: { 'x.block': '[{@}]' }, injects: { 'data.json': '{"k":1}' } };
    t.equal(engine.render(again.template, data, opts).output, engine.render(first.template, data, opts).output);
  }
});

t.test('malformed interchange gives one clear error, never a throw', async (t) => {
  for (const bad of [null, 5, 'x', [17, 1, 'x', 18], [17, 1, [[99]], 18], [17, 1, [[1, []]], 18], [17, 1, [[2]], 18]]) {
    const r = engine.fromInterchange(bad);
    t.equal(r.errors.length, 1, JSON.stringify(bad));
    t.equal(r.errors[0]!.code, 'BAD_INTERCHANGE');
    t.equal(engine.render(r.template, {}).output, '');
  }
});
