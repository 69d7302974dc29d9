import t from 'tap';
import { engine } from './engine-fixture.ts';

function trimmed(source: string, data: unknown = {}): string {
  const compiled = engine.compile(source, { file: 'page.html', trimIndentation: true });
  t.same(compiled.errors, [], source);
  return engine.render(compiled.template, data).output;
}

t.test("the template's indentation is left out and every line break stays", async (t) => {
  t.equal(trimmed('<ul>\n    <li>a</li>  \n\t<li>b</li>\n\n    </ul>\n'), '<ul>\n<li>a</li>\n<li>b</li>\n\n</ul>\n');
  // Spaces with no line break beside them are the author's: between words, attributes, inline elements.
  t.equal(trimmed('<a  href="/x">two  words</a> <b>c</b>'), '<a  href="/x">two  words</a> <b>c</b>');
  // Without the option the text is printed as written.
  t.equal(engine.render(engine.compile('<p>\n  x\n</p>').template, {}).output, '<p>\n  x\n</p>');
});

t.test("the data's text and the literal instructions are printed as they are", async (t) => {
  t.equal(trimmed('<p>\n  {body}\n</p>', { body: 'one\n    two' }), '<p>\none\n    two\n</p>');
  t.equal(trimmed('a{.space}{.space}\n{.tab}b'), 'a  \n\tb');
});

t.test('pre, textarea, script and style keep their text as written', async (t) => {
  t.equal(
    trimmed('<div>\n  <pre class="code">\n  x = 1\n    y\n</pre>\n  <p>\n    z</p>'),
    '<div>\n<pre class="code">\n  x = 1\n    y\n</pre>\n<p>\nz</p>',
  );
  t.equal(
    trimmed('<TEXTAREA name="a">\n  kept\n</TEXTAREA>\n  <i>\n  x</i>'),
    '<TEXTAREA name="a">\n  kept\n</TEXTAREA>\n<i>\nx</i>',
  );
  t.equal(
    trimmed('<script>\n  let s = `a\n    b`;\n</script>\n  <style>\n  p { }\n</style>\n  .'),
    '<script>\n  let s = `a\n    b`;\n</script>\n<style>\n  p { }\n</style>\n.',
  );
  // A custom element whose name starts like one of them is not one of them.
  t.equal(trimmed('<pre-view>\n  a\n</pre-view>'), '<pre-view>\na\n</pre-view>');
});

t.test('an element opened before a tag stays open through it, in sections and their alternatives', async (t) => {
  const source = '<pre>\n  {.section a}\n  in {a}\n  {.or}\n  none\n  {.end}\n</pre>\n  after';
  t.equal(trimmed(source, { a: 1 }), '<pre>\n  \n  in 1\n  \n</pre>\nafter');
  t.equal(trimmed(source, {}), '<pre>\n  \n  none\n  \n</pre>\nafter');
  t.equal(
    trimmed('{.repeated section xs}\n  <li>\n    {@}</li>{.alternates with}\n  ,{.end}', { xs: [1, 2] }),
    '\n<li>\n1</li>\n,\n<li>\n2</li>',
  );
  // A macro is printed where it is called, so its text starts outside any element.
  t.equal(trimmed('<pre>{.macro m}\n  <b>x</b>{.end}</pre>\n  {@|apply m}'), '<pre></pre>\n\n<b>x</b>');
});
