/**
 * The multilingual helpers as table tests: addresses split into language
 * and page, links rewritten on a page in a translation language, and
 * translations laid over shared page data without changing it.
 */
import t from 'tap';
import { splitLanguagePath } from '../../renderer/localization/language-path.ts';
import { localizeLinks } from '../../renderer/localization/localize-links.ts';
import { pageLocalization } from '../../renderer/localization/page-localization.ts';
import { translateJson } from '../../renderer/localization/translate-json.ts';

const LANGUAGES = [
  { code: 'fr', name: 'French' },
  { code: 'pt-BR', name: 'Brazilian Portuguese' },
];

t.test('splitLanguagePath', async (t) => {
  const cases: Array<[string, string | undefined, string]> = [
    ['/fr/about', 'fr', '/about'],
    ['/fr', 'fr', '/'],
    ['/fr/', 'fr', '/'],
    ['/FR/shop/mug', 'fr', '/shop/mug'],
    ['/pt-br/journal', 'pt-BR', '/journal'],
    ['/french/about', undefined, '/french/about'],
    ['/about', undefined, '/about'],
    ['/', undefined, '/'],
  ];
  for (const [path, code, rest] of cases) {
    const split = splitLanguagePath(path, LANGUAGES);
    t.same([split.language?.code, split.pathname], [code, rest], path);
  }
  t.same(splitLanguagePath('/fr/about', []), { language: undefined, pathname: '/fr/about' }, 'no languages, no prefix');
});

t.test('localizeLinks on a French page', async (t) => {
  const site = { settings: { language: 'en-US', translationLanguages: LANGUAGES } } as never;
  const french = pageLocalization(site, 'fr', '/about')!;
  const cases: Array<[string, string]> = [
    ['<a href="/shop">', '<a href="/fr/shop">'],
    ['<a class="x" href=\'/shop/mug?x=1#top\'>', '<a class="x" href=\'/fr/shop/mug?x=1#top\'>'],
    ['<a href="/">', '<a href="/fr/">'],
    ['<a href="/search?q=mug">', '<a href="/fr/search?q=mug">'],
    ['<a href="/cart">', '<a href="/cart">'],
    ['<a href="/checkout">', '<a href="/checkout">'],
    ['<a href="/account/sign-in">', '<a href="/account/sign-in">'],
    ['<a href="/assets/favicon.svg">', '<a href="/assets/favicon.svg">'],
    ['<a href="/config">', '<a href="/config">'],
    ['<a href="//cdn.example/x">', '<a href="//cdn.example/x">'],
    ['<a href="https://example.com/shop">', '<a href="https://example.com/shop">'],
    ['<a href="#main">', '<a href="#main">'],
    ['<a href="/pt-br/about">', '<a href="/pt-br/about">'],
    ['<a href="/about" hreflang="en-US">', '<a href="/about" hreflang="en-US">'],
    ['<link rel="stylesheet" href="/site.css">', '<link rel="stylesheet" href="/site.css">'],
    ['<abbr title="/shop">', '<abbr title="/shop">'],
    ['<form action="/search" method="get">', '<form action="/fr/search" method="get">'],
    ['<form action="/contact" method="post">', '<form action="/contact" method="post">'],
  ];
  for (const [html, expected] of cases) t.equal(localizeLinks(html, french), expected, html);
  const english = pageLocalization(site, undefined, '/about')!;
  t.equal(localizeLinks('<a href="/shop">', english), '<a href="/shop">', "the site's own language is left alone");
});

t.test('translateJson copies what it translates and leaves shared data as it was', async (t) => {
  const shared = {
    website: { id: 'w', siteTitle: 'Fernwood', siteDescription: 'Coffee' },
    items: [
      { id: 'i1', title: 'Mug', excerpt: 'A mug' },
      { id: 'i2', title: 'Candle', excerpt: '' },
    ],
    navigation: { id: 'l1', title: null, collection: { id: 'c1', title: 'About', navigationTitle: 'About' } },
  };
  const before = structuredClone(shared);
  const dictionary = new Map([
    ['i1', { title: 'Tasse' }],
    ['c1', { navigationTitle: 'À propos' }],
    ['w', { siteTitle: 'Fernwood FR' }],
  ]);
  const translated = translateJson(shared, dictionary);
  t.same(shared, before, 'the input is unchanged');
  t.equal(translated.items[0]!.title, 'Tasse');
  t.equal(translated.items[0]!.excerpt, 'A mug', 'a field without a translation stays');
  t.equal(translated.items[1], shared.items[1], 'an untouched object is shared, not copied');
  t.equal(translated.navigation.collection.navigationTitle, 'À propos');
  t.equal(translated.navigation.collection.title, 'About');
  t.equal(translated.website.siteTitle, 'Fernwood FR');
  t.equal(translateJson(shared, new Map()), shared, 'no translations, the same object');
  const noTitle = translateJson({ id: 'x', url: '/' }, new Map([['x', { title: 'T' }]]));
  t.same(noTitle, { id: 'x', url: '/' }, 'a field the object does not have is not added');
});
