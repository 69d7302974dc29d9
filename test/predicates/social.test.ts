import t from 'tap';
import { Engine } from '../../engine/index.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';

const engine = new Engine(defaultRegistry);
function run(source: string, data: unknown) {
  const compiled = engine.compile(source, { file: 'social.html' });
  const rendered = engine.render(compiled.template, data);
  return { output: rendered.output, codes: [...compiled.errors, ...rendered.errors].map((e) => e.code) };
}

const comments = (data: unknown) => run('{.comments?}Y{.or}N{.end}', data).output;
const disqus = (data: unknown) => run('{.disqus?}Y{.or}N{.end}', data).output;

t.test('comments? shows open threads and threads with comments', async (t) => {
  t.equal(comments({ commentState: 1 }), 'Y');
  t.equal(comments({ commentState: '1' }), 'Y');
  t.equal(comments({ commentState: 2 }), 'N');
  t.equal(comments({ commentState: 2, publicCommentCount: 3 }), 'Y');
  t.equal(comments({ publicCommentCount: 0.5 }), 'Y');
  t.equal(comments({ publicCommentCount: -1 }), 'N');
  t.equal(comments({}), 'N');
  t.equal(comments(null), 'N');
  t.equal(comments([1, 2]), 'N');
});

t.test('comments? is off when the site settings disable comments', async (t) => {
  t.equal(comments({ commentState: 1, websiteSettings: { commentsEnabled: true } }), 'Y');
  t.equal(comments({ commentState: 1, websiteSettings: { commentsEnabled: false } }), 'N');
  // settings that are present but say nothing disable comments too
  t.equal(comments({ commentState: 1, websiteSettings: {} }), 'N');
  t.equal(
    run('{.section x}{.comments?}Y{.or}N{.end}{.end}', {
      x: { commentState: 1 },
      websiteSettings: { commentsEnabled: false },
    }).output,
    'N',
  );
  // the node's own fields count, not its parents'
  t.equal(run('{.section x}{.comments?}Y{.or}N{.end}{.end}', { x: { a: 1 }, commentState: 1 }).output, 'N');
});

t.test('disqus? reads websiteSettings.disqusShortName up the stack', async (t) => {
  t.equal(disqus({ websiteSettings: { disqusShortName: 'abc' } }), 'Y');
  t.equal(disqus({ websiteSettings: { disqusShortName: '' } }), 'N');
  t.equal(disqus({ websiteSettings: {} }), 'N');
  t.equal(disqus({}), 'N');
  t.equal(
    run('{.section x}{.disqus?}Y{.or}N{.end}{.end}', { x: { a: 1 }, websiteSettings: { disqusShortName: 'a' } }).output,
    'Y',
  );
});

t.test('arguments are rejected at compile time', async (t) => {
  t.same(run('{.comments? x}Y{.end}', {}).codes, ['BAD_PREDICATE_ARGS']);
  t.same(run('{.disqus? x}Y{.end}', {}).codes, ['BAD_PREDICATE_ARGS']);
});
