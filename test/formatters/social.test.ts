import t from 'tap';
import { Engine } from '../../engine/index.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';

const engine = new Engine(defaultRegistry);
function run(source: string, data: unknown) {
  const compiled = engine.compile(source, { file: 'social.html' });
  const rendered = engine.render(compiled.template, data);
  return { output: rendered.output, codes: [...compiled.errors, ...rendered.errors].map((e) => e.code) };
}
const out = (source: string, data: unknown) => run(source, data).output;

const FORMATTERS = [
  'activate-twitter-links',
  'comment-count',
  'comment-link',
  'comments',
  'google-calendar-url',
  'like-button',
  'social-button',
  'social-button-inline',
  'twitter-follow-button',
];

t.test('odd data renders without errors', async (t) => {
  for (const name of FORMATTERS) {
    for (const value of [undefined, null, 5, 'str', [], [1, 2], {}, { id: { deep: true } }]) {
      const r = run(`{x|${name}}`, value === undefined ? {} : { x: value });
      t.same(r.codes, [], `${name} ${JSON.stringify(value)}`);
    }
  }
});

t.test('arguments are rejected at compile time', async (t) => {
  for (const name of FORMATTERS) t.same(run(`{x|${name} extra}`, {}).codes, ['BAD_FORMATTER_ARGS'], name);
});

t.test('comment-count', async (t) => {
  const count = (c: unknown) => out('{@|comment-count}', { publicCommentCount: c });
  t.equal(count(0), 'No Comments');
  t.equal(count(1), '1 Comment');
  t.equal(count('1'), '1 Comment');
  t.equal(count(2), '2 Comments');
  t.equal(count(-1), '-1 Comments');
  t.equal(count(null), 'No Comments');
  t.equal(count('abc'), 'NaN Comments');
  t.equal(out('{@|comment-count}', {}), 'No Comments');
});

t.test('comment-link shows the stored count; Disqus sites link to the page', async (t) => {
  const item = { id: 'i1', fullUrl: '/blog/post', publicCommentCount: 0 };
  t.equal(
    out('{item|comment-link}', { item }),
    '\n  <a href="/blog/post#comments-i1" class="sqs-comment-link" data-id="i1">\n  No\n  Comments\n  </a>\n',
  );
  t.match(out('{item|comment-link}', { item: { ...item, publicCommentCount: 1 } }), '>\n  1\n  Comment\n  </a>');
  // only the number 1 is singular
  t.match(out('{item|comment-link}', { item: { ...item, publicCommentCount: '1' } }), '>\n  1\n  Comments\n  </a>');
  t.equal(
    out('{item|comment-link}', { item, websiteSettings: { disqusShortname: 'site' } }),
    '\n  <a href="/blog/post" class="sqs-comment-link sqs-disqus-comment-link" data-id="i1"></a>\n',
  );
  // settings are read from the value first, then up the stack
  t.match(out('{item|comment-link}', { item: { ...item, websiteSettings: { disqusShortname: 'x' } } }), 'disqus');
});

t.test('comments: the thread container', async (t) => {
  const item = { id: 'i1', publicCommentCount: 3, commentState: 1 };
  t.equal(
    out('{item|comments}', { item }),
    '\n  <div class="squarespace-comments" id="comments-i1" data-item-id="i1" data-public-comment-count="3" data-comment-state="1"></div>\n',
  );
  t.equal(
    out('{collection|comments}', { collection: item }),
    '\n  <div class="squarespace-comments" id="comments-i1" data-collection-id="i1" data-public-comment-count="3" data-comment-state="1"></div>\n',
  );
  t.equal(out('{x|comments}', { x: { id: 'a' } }), '\n  <div class="squarespace-comments" id="comments-a"></div>\n');
  t.equal(
    out('{item|comments}', { item, websiteSettings: { disqusShortname: 'site' } }),
    '\n  <div class="squarespace-comments" id="disqus_thread"></div>\n',
  );
});

t.test('like-button needs simple liking and an item', async (t) => {
  const item = { id: 'i1', likeCount: 4 };
  const on = { websiteSettings: { simpleLikingEnabled: true } };
  t.equal(
    out('{item|like-button}', { ...on, item }),
    '\n  <span class="sqs-simple-like" data-item-id="i1" data-like-count="4">\n    <span class="like-icon"></span>\n    <span class="like-count"></span>\n  </span>\n',
  );
  t.equal(out('{item|like-button}', { item }), '');
  t.equal(out('{item|like-button}', { websiteSettings: { simpleLikingEnabled: false }, item }), '');
  t.equal(out('{item|like-button}', { ...on, item: {} }), '');
});

t.test('social-button and social-button-inline', async (t) => {
  const item = {
    mainImageId: 'img',
    mainImage: { assetUrl: 'http://a/b.jpg' },
    recordType: 1,
    title: 'A "quoted" <title>',
    fullUrl: '/p',
  };
  const site = { website: { shareButtonOptions: ['twitter'] } };
  t.equal(
    out('{@|social-button}', { ...site, ...item }),
    '<div class="squarespace-social-buttons button-style" data-system-data-id="img" data-asset-url="http://a/b.jpg" data-record-type="1" data-full-url="/p" data-title="A &quot;quoted&quot; &lt;title&gt;"></div>',
  );
  t.equal(
    out('{@|social-button-inline}', { ...site, systemDataId: 'sd', assetUrl: 'au', recordType: 2 }),
    '<span class="squarespace-social-buttons inline-style" data-system-data-id="sd" data-asset-url="au" data-record-type="2" data-full-url="" data-title=""></span>',
  );
  for (const options of [[], {}, true, 'x', undefined]) {
    t.equal(
      out('{@|social-button}', { website: { shareButtonOptions: options }, ...item }),
      '',
      JSON.stringify(options),
    );
  }
});

t.test('twitter-follow-button', async (t) => {
  const script =
    "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>";
  t.equal(
    out('{@|twitter-follow-button}', { userName: 'foo' }),
    `${script}<div class="squarespace-follow-button" data-username="foo"></div>`,
  );
  t.match(
    out('{@|twitter-follow-button}', { userName: '', profileUrl: 'https://twitter.com/bar' }),
    'data-username="bar"',
  );
  t.match(out('{@|twitter-follow-button}', { profileUrl: 'https://twitter.com/bar/' }), 'data-username=""');
});

t.test('activate-twitter-links', async (t) => {
  t.equal(
    out('{@|activate-twitter-links}', 'hi @Ann and #tag'),
    'hi <a target="new" href="https://twitter.com/Ann/">@Ann</a> and <a target="new" href="https://twitter.com/hashtag/tag?src=hash">#tag</a>',
  );
  t.equal(
    out('{@|activate-twitter-links}', 'see https://a.b/c?d=1. (@no) me@mail.com'),
    'see <a target="new" href="https://a.b/c?d=1">https://a.b/c?d=1</a>. (@no) me@mail.com',
  );
  t.equal(
    out('{@|activate-twitter-links}', 'https://x.y/@foo'),
    '<a target="new" href="https://x.y/@foo">https://x.y/@foo</a>',
  );
  t.equal(out('{n|activate-twitter-links}', { n: 5 }), '5');
});

t.test('google-calendar-url', async (t) => {
  const event = { startDate: 1384518630000, endDate: 1384518716400 };
  const base = 'http://www.google.com/calendar/event?action=TEMPLATE';
  t.equal(out('{@|google-calendar-url}', event), `${base}&text=&dates=20131115T123030Z/20131115T123156Z`);
  t.equal(
    out('{@|google-calendar-url}', {
      ...event,
      title: 'Talk & café',
      location: { addressLine1: ' 1 Main St. ', addressLine2: '', addressCountry: 'US' },
    }),
    `${base}&text=Talk%20%26%20caf%E9&dates=20131115T123030Z/20131115T123156Z&location=1%20Main%20St.%2C%20US`,
  );
  t.equal(out('{@|google-calendar-url}', { startDate: 'soon' }), '');
});
