/**
 * The web fonts (renderer/web-fonts.ts): served from the npm packages at
 * /fonts/<file>, kept for a year when the address names the package's
 * version, only the files on the list, the same origin only in the
 * Content-Security-Policy; and every font the default template names (its
 * stylesheet and preloads) is one the route serves at its current version.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { loadWebFonts } from '../../renderer/web-fonts.ts';
import { HOST } from '../api-http/api-helpers.ts';
import { openDemoApp } from './demo-app.ts';

const { app } = await openDemoApp(t);
const fonts = loadWebFonts();
const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: HOST } });

t.test('a listed font at its version is kept for a year', async (t) => {
  const [file, font] = [...fonts][0]!;
  const answer = await get(`/fonts/${file}?v=${font.version}`);
  t.equal(answer.statusCode, 200);
  t.equal(answer.headers['content-type'], 'font/woff2');
  t.equal(answer.headers['cache-control'], 'public, max-age=31536000, immutable');
  t.same(answer.rawPayload, readFileSync(font.path), 'the package file itself');

  for (const url of [`/fonts/${file}`, `/fonts/${file}?v=0.0.1`]) {
    const other = await get(url);
    t.equal(other.statusCode, 200, url);
    t.equal(other.headers['cache-control'], 'public, max-age=300', `${url}: revalidated, never pinned`);
  }
});

t.test('nothing but the listed files', async (t) => {
  for (const url of [
    '/fonts/index.css',
    '/fonts/package.json',
    '/fonts/..%2fpackage.json',
    '/fonts/fraunces-vietnamese-wght-normal.woff2',
    '/fonts/',
  ]) {
    t.equal((await get(url)).statusCode, 404, url);
  }
});

t.test('pages allow fonts from the site itself only', async (t) => {
  const page = await get('/');
  const policy = String(page.headers['content-security-policy']);
  t.match(policy, /(^|;)font-src 'self'(;|$)/);
});

t.test(
  "the template's fonts are served, at the installed version, and the two every page uses are preloaded",
  async (t) => {
    const css = readFileSync(new URL('../../templates/default/styles/site.css', import.meta.url), 'utf8');
    const header = readFileSync(new URL('../../templates/default/header.region', import.meta.url), 'utf8');
    const named = [...`${css}\n${header}`.matchAll(/\/fonts\/([a-z0-9-]+\.woff2)\?v=([0-9.]+)/g)];
    t.ok(named.length >= fonts.size, 'every listed file is named');
    for (const [, file, version] of named) {
      t.equal(fonts.get(file!)?.version, version, `${file} at ${version}`);
    }
    const page = await get('/');
    const preloads = [
      ...page.body.matchAll(
        /<link rel="preload" href="\/fonts\/([^"?]+)\?v=[^"]+" as="font" type="font\/woff2" crossorigin>/g,
      ),
    ];
    t.same(preloads.map((match) => match[1]).sort(), [
      'fraunces-latin-wght-normal.woff2',
      'source-sans-3-latin-wght-normal.woff2',
    ]);
    t.match(css, /font-display: swap/);
  },
);
