/**
 * Multilingual through inject(): spec section 7's calls (settings, status,
 * languages, PUT languages, DELETE connection) and the translations of a
 * language; refused input changes nothing; the site's pages are served in
 * each language under its prefix, with <html lang>, hreflang alternates,
 * the language switcher, the owner's titles where given and the site's own
 * elsewhere, and links that stay in the language.
 */
import t from 'tap';
import { DEMO_WEBSITE_ID, demoId, formId } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { HOST, Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';

const { app } = await openDemoApp(t);
const M = '/api/multilingual';

async function signedIn(owner: { email: string; password: string }): Promise<OwnerClient> {
  const client = new OwnerClient(app);
  const response = await client.ownerSignIn(owner.email, owner.password);
  if (response.statusCode !== 200) throw new Error(response.body);
  return client;
}

const admin = await signedIn(DEMO_OWNERS.admin);
const editor = await signedIn(DEMO_OWNERS.editor);
const visitor = new Visitor(app);
const page = async (path: string) => visitor.request('GET', path);
const ABOUT = demoId('collection', 'about');
const FIND_THE_SHOP = demoId('navigation-item', 'footer-visit');

t.test('a site with one language: not connected, no prefix, no switcher', async (t) => {
  const settings = await admin.request('GET', `${M}/settings`);
  t.equal(settings.statusCode, 200);
  t.same(settings.json(), {
    connected: false,
    defaultLanguage: {
      code: 'en-US',
      name: 'American English',
      nativeName: 'American English',
      custom: false,
      urlPrefix: '',
    },
    languages: [],
    maxLanguages: 10,
  });
  const status = (await admin.request('GET', `${M}/status`)).json();
  t.equal(status.status, 'not-connected');
  const languages = (await admin.request('GET', `${M}/languages`)).json();
  t.same(languages.languages, []);
  t.ok(
    languages.available.some((l: { code: string }) => l.code === 'fr'),
    'the catalogue offers French',
  );
  t.notOk(
    languages.available.some((l: { code: string }) => l.code === 'en-US'),
    "but not the site's own",
  );
  const home = await page('/');
  t.notMatch(home.body, 'hreflang');
  t.notMatch(home.body, 'language-switcher');
  t.equal((await page('/fr/about')).statusCode, 404, 'no French pages yet');
});

t.test('PUT languages: refused lists change nothing', async (t) => {
  const before = (await admin.request('GET', `${M}/languages`)).json();
  const cases: Array<[unknown, Record<string, string>]> = [
    [
      { languages: [{ code: 'fr' }, { code: 'FR' }, { code: 'not a code!' }, { code: 'x-pirate' }] },
      {
        'languages.1.code': 'This language is listed twice.',
        'languages.2.code': 'Please enter a language code such as fr or pt-BR.',
        'languages.3.name': 'A custom language code needs a name.',
      },
    ],
    [
      { languages: [{ code: 'search', name: 'Searchish' }] },
      { 'languages.0.code': "The address /search is the platform's own; this code cannot be used." },
    ],
    [{ languages: [{ code: 'en-us' }] }, { 'languages.0.code': "This is the site's own language already." }],
    [
      { languages: [{ code: 'journal', name: 'Journalese' }] },
      {
        'languages.0.code': "A page already uses the address /journal; change that page's URL or choose another code.",
      },
    ],
    [
      { languages: Array.from({ length: 11 }, (_, n) => ({ code: `x-l${n}`, name: `L${n}` })) },
      { languages: 'A site can have at most 10 translation languages.' },
    ],
  ];
  for (const [body, fields] of cases) {
    const response = await admin.request('PUT', `${M}/languages`, body);
    t.equal(response.statusCode, 400, JSON.stringify(body).slice(0, 60));
    t.same(response.json().error.fields, fields);
  }
  t.same((await admin.request('GET', `${M}/languages`)).json(), before, 'nothing was stored');
  const editorTries = await editor.request('PUT', `${M}/languages`, { languages: [{ code: 'fr' }] });
  t.equal(editorTries.statusCode, 403, 'an editor translates but does not choose the languages');
});

t.test('languages are added; translations show on the pages of their language', async (t) => {
  const saved = await admin.request('PUT', `${M}/languages`, {
    languages: [{ code: 'fr' }, { code: 'pt-br' }, { code: 'x-pirate', name: 'Pirate' }],
  });
  t.equal(saved.statusCode, 200, saved.body);
  t.same(
    saved
      .json()
      .languages.map((l: { code: string; urlPrefix: string; custom: boolean }) => [l.code, l.urlPrefix, l.custom]),
    [
      ['fr', '/fr', false],
      ['pt-BR', '/pt-br', false],
      ['x-pirate', '/x-pirate', true],
    ],
  );
  t.equal(saved.json().languages[0].nativeName, 'français');
  t.equal((await admin.request('GET', `${M}/settings`)).json().connected, true);

  // Untranslated: the site's own texts, in the language's frame.
  const untranslated = await page('/fr/about');
  t.equal(untranslated.statusCode, 200);
  t.match(untranslated.body, '<html lang="fr">');
  t.match(untranslated.body, '<title>About Fernwood');

  const form = (await editor.request('GET', `${M}/translations/fr`)).json();
  t.equal(form.language.code, 'fr');
  const site = form.targets.find((target: { kind: string }) => target.kind === 'site');
  t.same(
    site.fields.map((f: { field: string; original: string }) => [f.field, f.original]),
    [
      ['siteTitle', 'Fernwood Coffee & Home'],
      ['siteDescription', site.fields[1].original],
    ],
  );
  const about = form.targets.find((target: { id: string }) => target.id === ABOUT);
  t.same(
    about.fields.map((f: { field: string; original: string }) => f.original),
    ['About Fernwood', 'About', 'Who we are, and why we roast the way we do.'],
  );
  t.ok(
    form.targets.some((target: { id: string; label: string }) => target.id === FIND_THE_SHOP),
    'the external navigation link with its own title is listed',
  );

  const refused = await editor.request('PUT', `${M}/translations/fr`, {
    translations: [
      { kind: 'collection', id: ABOUT, field: 'title', value: 'À propos de Fernwood' },
      { kind: 'collection', id: 'no-such-collection', field: 'title', value: 'Rien' },
      { kind: 'navigation-link', id: FIND_THE_SHOP, field: 'excerpt', value: 'x' },
    ],
  });
  t.equal(refused.statusCode, 400);
  t.same(refused.json().error.fields, {
    'translations.2.field': 'This text cannot be translated for this kind of content.',
  });
  const missing = await editor.request('PUT', `${M}/translations/fr`, {
    translations: [
      { kind: 'collection', id: ABOUT, field: 'title', value: 'À propos de Fernwood' },
      { kind: 'collection', id: 'no-such-collection', field: 'title', value: 'Rien' },
    ],
  });
  t.same(missing.json().error.fields, { 'translations.1.id': 'That content no longer exists.' });
  t.match((await page('/fr/about')).body, '<title>About Fernwood', 'all or nothing: the good one was not saved');

  const translated = await editor.request('PUT', `${M}/translations/fr`, {
    translations: [
      { kind: 'collection', id: ABOUT, field: 'title', value: 'À propos de Fernwood' },
      { kind: 'collection', id: ABOUT, field: 'navigationTitle', value: 'À propos' },
      { kind: 'navigation-link', id: FIND_THE_SHOP, field: 'title', value: 'Trouver la boutique' },
      { kind: 'site', id: DEMO_WEBSITE_ID, field: 'siteTitle', value: 'Fernwood Café & Maison' },
    ],
  });
  t.equal(translated.statusCode, 200, translated.body);
  const aboutNow = translated.json().targets.find((target: { id: string }) => target.id === ABOUT);
  t.same(
    aboutNow.fields.map((f: { value: string }) => f.value),
    ['À propos de Fernwood', 'À propos', ''],
  );

  const french = (await page('/fr/about')).body;
  t.match(french, '<html lang="fr">');
  t.match(french, '<title>À propos de Fernwood · Fernwood Café &amp; Maison</title>');
  t.match(french, /<a class="nav-link" href="\/fr\/about" aria-current="page">À propos<\/a>/, 'the menu in French');
  t.match(french, 'Trouver la boutique', 'the link with its own title');
  t.match(french, 'href="/fr/shop"', 'links stay in French');
  t.match(french, 'href="/cart"', 'the cart has one address');
  t.match(french, 'href="/site.css?', 'files are not prefixed');
  t.match(french, '<link rel="alternate" hreflang="en-US" href="http://localhost/about">');
  t.match(french, '<link rel="alternate" hreflang="fr" href="http://localhost/fr/about">');
  t.match(french, '<link rel="alternate" hreflang="pt-BR" href="http://localhost/pt-br/about">');
  t.match(french, '<link rel="alternate" hreflang="x-default" href="http://localhost/about">');
  t.notMatch(french, 'hreflang="x-pirate" href="http', 'no alternate for a custom code');
  t.match(french, '<nav class="language-switcher" aria-label="Language">');
  t.match(
    french,
    '<a class="language-switcher__link" href="/about" hreflang="en-US" lang="en-US">American English</a>',
  );
  t.match(french, /<summary class="language-switcher__toggle">.*<span lang="fr">français<\/span><\/summary>/);
  t.match(
    french,
    '<a class="language-switcher__link" href="/fr/about" hreflang="fr" lang="fr" aria-current="true">français</a>',
  );
  t.match(french, 'href="/x-pirate/about" hreflang="x-pirate">Pirate</a>', 'no lang for a custom code');

  const english = (await page('/about')).body;
  t.match(english, '<html lang="en-US">');
  t.match(english, '<title>About Fernwood · Fernwood Coffee &amp; Home</title>', 'the default language is untouched');
  t.match(english, 'aria-current="true">American English</a>');
  t.notMatch(english, 'href="/fr/shop"');

  const brazilian = (await page('/pt-br/about')).body;
  t.match(brazilian, '<html lang="pt-BR">');
  t.match(brazilian, '<title>About Fernwood', 'no Portuguese translation: the site’s own');
  const pirate = await page('/x-pirate/shop');
  t.equal(pirate.statusCode, 200);
  t.match(pirate.body, '<html lang="x-pirate">');

  const json = JSON.parse((await page('/fr/about?format=json')).body);
  t.equal(json.localization.language, 'fr');
  t.equal(json.collection.title, 'À propos de Fernwood');

  t.match(
    (await page('/fr/search?q=mug')).body,
    '<form class="search-form" action="/fr/search" method="get"',
    'search stays in French',
  );

  const cart = await page('/fr/cart');
  t.equal(cart.statusCode, 302);
  t.equal(cart.headers.location, '/cart');
  t.equal((await page('/fr/no-such-page')).statusCode, 404);
  t.match((await page('/fr/no-such-page')).body, '<html lang="fr">');

  const status = (await admin.request('GET', `${M}/status`)).json();
  t.equal(status.status, 'connected');
  const fr = status.languages.find((l: { code: string }) => l.code === 'fr');
  t.same(fr.translated, { site: 1, collection: 1, item: 0, 'navigation-link': 1 });
  t.equal(fr.total.site, 1);
  t.ok(fr.total.collection >= 8);

  // An empty value removes the override.
  await editor.request('PUT', `${M}/translations/fr`, {
    translations: [{ kind: 'site', id: DEMO_WEBSITE_ID, field: 'siteTitle', value: ' ' }],
  });
  t.match((await page('/fr/about')).body, '· Fernwood Coffee &amp; Home</title>');
});

t.test('a form posted without script from a page in a language is the page’s own form', async (t) => {
  const contact = await page('/fr/contact');
  t.equal(contact.statusCode, 200);
  const start = contact.body.indexOf(`data-form-id="${formId('contact')}"`);
  const form = contact.body.slice(start, contact.body.indexOf('</form>', start));
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(form)?.[1] ?? '';
  const posted = await app.inject({
    method: 'POST',
    url: '/fr/contact',
    remoteAddress: visitor.address,
    headers: { host: HOST, cookie: visitor.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams([
      ['crumb', hidden('crumb')],
      ['sb-form-id', formId('contact')],
      ['sb-block-id', hidden('sb-block-id')],
    ]).toString(),
  });
  t.equal(posted.statusCode, 303, 'found and checked, not refused as a post to a page without it');
  t.match(posted.headers.location, /^\/fr\/contact\?/, 'back to the French page with the outcome');
  const outcome = await page(String(posted.headers.location).replace(/#.*/, ''));
  t.match(outcome.body, '<html lang="fr">');
  t.match(outcome.body, 'One or more fields is invalid, please check your entries.', 'the form shows its problems');
});

t.test('removing a language takes its pages and translations; DELETE connection ends it', async (t) => {
  const kept = await admin.request('PUT', `${M}/languages`, { languages: [{ code: 'pt-BR' }, { code: 'fr' }] });
  t.same(
    kept.json().languages.map((l: { code: string }) => l.code),
    ['pt-BR', 'fr'],
    'the owner’s order',
  );
  t.match((await page('/fr/about')).body, 'À propos de Fernwood', 'kept languages keep their translations');
  await admin.request('PUT', `${M}/languages`, { languages: [{ code: 'pt-BR' }] });
  t.equal((await page('/fr/about')).statusCode, 404);
  await admin.request('PUT', `${M}/languages`, { languages: [{ code: 'pt-BR' }, { code: 'fr' }] });
  t.match((await page('/fr/about')).body, '<title>About Fernwood', 'its translations went with it');
  t.equal((await editor.request('GET', `${M}/translations/de`)).statusCode, 404);

  const ended = await admin.request('DELETE', `${M}/connection`);
  t.equal(ended.statusCode, 200);
  t.equal(ended.json().connected, false);
  t.same(ended.json().languages, []);
  t.equal((await page('/pt-br/about')).statusCode, 404);
  t.notMatch((await page('/about')).body, 'language-switcher');
});
