/**
 * The content rules shared by the owner routes and the admin app (issue
 * 23), as tables: spec section 5's colour messages, the url-slug filters and
 * the page URL message, tag and category limits, and style tweak values.
 */
import t from 'tap';
import { COLOUR_MESSAGES, checkColour, colourToHex } from '../../shared/colour-rules.ts';
import { postInputSchema } from '../../shared/content-schemas.ts';
import { checkTweakValue, type TweakInfo } from '../../shared/style-tweaks.ts';
import { checkSlug, TEXT_FILTERS } from '../../shared/url-slug.ts';

t.test('colours: the forms the helper takes, and the spec’s messages for the rest', async (t) => {
  const accepted: [string, string][] = [
    ['#A1461F', '#a1461f'],
    ['#fff', '#fff'],
    ['rgb(161, 70, 31)', 'rgb(161, 70, 31)'],
    ['rgba(161 70 31 / 0.5)', 'rgba(161 70 31 / 0.5)'],
    ['hsl(18, 68%, 38%)', 'hsl(18, 68%, 38%)'],
    ['hsl(18, 0.68, 0.38)', 'hsl(18, 68%, 38%)'],
    ['hsla(360, 1, 0, 1)', 'hsla(360, 100%, 0%, 1)'],
    ['hwb(18 10% 30%)', 'hwb(18 10% 30%)'],
    ['RebeccaPurple', 'rebeccapurple'],
  ];
  for (const [input, css] of accepted) t.same(checkColour(input), { ok: true, css }, input);
  const refused: [string, string][] = [
    ['hsl(361, 50%, 50%)', COLOUR_MESSAGES.hue],
    ['hsl(-1, 50%, 50%)', COLOUR_MESSAGES.hue],
    ['hsl(10, 101%, 50%)', COLOUR_MESSAGES.saturation],
    ['hsl(10, 0.5, 1.2)', COLOUR_MESSAGES.lightness],
    ['hsla(10, 0.5, 0.5, 1.5)', COLOUR_MESSAGES.alpha],
    ['rgba(1, 2, 3, 2)', COLOUR_MESSAGES.alpha],
    ['hsl(10, 50%)', COLOUR_MESSAGES.missing],
    ['hsl()', COLOUR_MESSAGES.missing],
    ['#12345', COLOUR_MESSAGES.invalid],
    ['#ggg', COLOUR_MESSAGES.invalid],
    ['red; background: url(x)', COLOUR_MESSAGES.invalid],
    ['notacolour', COLOUR_MESSAGES.invalid],
    ['rgb(300, 0, 0)', COLOUR_MESSAGES.invalid],
  ];
  for (const [input, message] of refused) t.same(checkColour(input), { ok: false, message }, input);
  t.equal(colourToHex('#abc'), '#aabbcc');
  t.equal(colourToHex('rgb(161, 70, 31)'), '#a1461f');
  t.equal(colourToHex('hsl(0, 100%, 50%)'), '#ff0000');
  t.equal(colourToHex('teal'), undefined, 'a keyword has no picker value');
});

t.test('the url-slug filters, and the page URL the router can serve', async (t) => {
  t.equal(TEXT_FILTERS['url-slug']('Café & Bar 2027!'), 'cafe-bar-2027');
  t.equal(TEXT_FILTERS['url-slug']('  --Our   Story_'), 'our-story-');
  t.equal(TEXT_FILTERS['url-slug-with-slash']('/Shop/House Blend/'), '/shop/house-blend');
  t.equal(TEXT_FILTERS['url-slug-with-slash']('journal//Notes'), 'journal/notes');
  t.same(checkSlug('Our Story', { collection: true }), { slug: 'our-story' });
  t.same(checkSlug('Cart', { collection: true }), { problem: 'Cart is not a valid page URL' });
  t.same(checkSlug('cart', { collection: false }), { slug: 'cart' }, 'an item may be called cart');
  t.same(checkSlug('!!!', { collection: true }), { problem: '!!! is not a valid page URL' });
  t.same(checkSlug('x'.repeat(101), { collection: true }), { problem: `${'x'.repeat(101)} is not a valid page URL` });
});

t.test('tags and categories: section 5’s limits, each once', async (t) => {
  const post = {
    title: 'A post',
    body: '',
    excerpt: '',
    authorId: null,
    mainImageId: null,
    publication: 'draft',
    commentsEnabled: false,
  };
  const ok = postInputSchema.safeParse({ ...post, tags: ['t'.repeat(50)], categories: ['c'.repeat(25)] });
  t.ok(ok.success, 'at the limits');
  const bad = postInputSchema.safeParse({
    ...post,
    tags: ['t'.repeat(51), 'Roast', 'roast'],
    categories: ['c'.repeat(26), '  '],
  });
  t.notOk(bad.success);
  const messages = Object.fromEntries((bad.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
  t.same(messages, {
    'tags.0': 'Tags can be at most 50 characters long.',
    'tags.2': 'This tag already exists',
    'categories.0': 'Categories can be at most 25 characters long.',
    'categories.1': 'Categories cannot be blank.',
  });
});

t.test('style tweak values: by the tweak’s type', async (t) => {
  const size: TweakInfo = {
    name: 'baseFontSize',
    type: 'value',
    title: 'Base Font Size',
    default: '17px',
    min: 14,
    max: 22,
    unit: 'px',
  };
  t.same(checkTweakValue(size, '18px'), { ok: true, value: '18px' });
  t.same(checkTweakValue(size, '18'), { ok: true, value: '18px' }, 'the unit is added');
  t.same(checkTweakValue(size, '30px'), { ok: false, message: 'Please enter a size from 14px to 22px.' });
  t.same(checkTweakValue(size, '18em'), { ok: false, message: 'Please enter a size from 14px to 22px.' });
  const font: TweakInfo = {
    name: 'headingFont',
    type: 'font',
    title: 'Heading Font',
    default: 'a',
    options: ['a', 'b'],
  };
  t.same(checkTweakValue(font, 'b'), { ok: true, value: 'b' });
  t.same(checkTweakValue(font, 'Comic Sans'), { ok: false, message: 'Please choose one of the options.' });
  const accent: TweakInfo = { name: 'accentColor', type: 'color', title: 'Accent Color', default: '#a1461f' };
  t.same(checkTweakValue(accent, 'hsl(400, 1, 1)'), { ok: false, message: 'Hue out of bounds.' });
  const free: TweakInfo = { name: 'x', type: 'value', title: 'X', default: '' };
  t.same(checkTweakValue(free, 'a</style><script>'), {
    ok: false,
    message: 'This value cannot hold ; { } < > or a backslash, and is at most 200 characters.',
  });
});
