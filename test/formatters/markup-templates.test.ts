/** The formatters' markup templates (templates/markup/) compile cleanly, and a broken one reports where it is broken. */
import { readdirSync } from 'node:fs';
import t from 'tap';
import { Engine, type Registry } from '../../engine/index.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';
import { MARKUP_DIR, markupSource } from '../../formatters/markup.ts';

const names = readdirSync(MARKUP_DIR)
  .filter((file) => file.endsWith('.html'))
  .map((file) => file.slice(0, -'.html'.length));

t.test('every markup template compiles with the default registry, without errors', async (t) => {
  t.ok(names.length >= 20, `${names.length} markup templates`);
  const engine = new Engine(defaultRegistry);
  for (const name of names) {
    const { errors } = engine.compile(markupSource(name), { file: `templates/markup/${name}.html` });
    t.same(
      errors.map((error) => error.message),
      [],
      `templates/markup/${name}.html`,
    );
  }
});

t.test("a markup template's compile error shows in the render's errors, in its own file", async (t) => {
  const registry: Registry = {
    ...defaultRegistry,
    formatters: {
      ...defaultRegistry.formatters,
      broken: {
        format: (_value, _args, ctx) => ctx.renderTemplate('templates/markup/broken.html', 'a{.section x}b', {}),
      },
    },
  };
  const engine = new Engine(registry);
  const { output, errors } = engine.render(engine.compile('[{@|broken}]', { file: 'page.html' }).template, {});
  t.match(output, /^\[a/);
  t.ok(errors.length > 0, 'the missing .end is reported');
  t.equal(errors[0]?.file, 'templates/markup/broken.html');
});
