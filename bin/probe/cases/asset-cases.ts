/**
 * Static files (renderer/asset-routes.ts, islands-route.ts): what the pages
 * load, then names that climb out of their folder or are not names at all.
 * Besides the usual checks, an answer holding a file from the disk fails.
 */
import type { SiteFacts } from '../discover-site.ts';
import { type Hostile, URL_VALUES } from '../hostile-values.ts';
import type { InputClass, ProbeCase } from '../probe-case.ts';
import { probeCase, read } from './request-helpers.ts';
import { routeLabel } from './routes.ts';

/** Ways out of a folder, each with something worth reading at the end. */
const TRAVERSALS: string[] = [
  '../../package.json',
  '..%2f..%2fpackage.json',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '%2e%2e/%2e%2e/package.json',
  '..%252f..%252fpackage.json',
  '..%5c..%5cpackage.json',
  '....//....//package.json',
  '..;/..;/package.json',
  '%c0%ae%c0%ae/%c0%ae%c0%ae/package.json',
  '..%2f..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
  '/etc/passwd',
  '%2fetc%2fpasswd',
  '..%2f..%2f.git%2fconfig',
  '..%00/package.json',
];

const ROOT_PATHS: string[] = [
  '/../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/..%2f..%2fetc%2fpasswd',
  '//etc/passwd',
  '/package.json',
  '/tsconfig.json',
  '/.env',
  '/.git/config',
  '/node_modules/.bin/tsx',
  '/templates/default/template.conf',
  '/site.css/../package.json',
  '/site.css%00.json',
  '/api/../package.json',
  '/islands/../package.json',
];

function get(inputClass: InputClass, path: string, headers: Record<string, string> = {}): ProbeCase {
  return probeCase(routeLabel('GET', path), inputClass, (ctx) => {
    const request = read(ctx.host, path);
    Object.assign(request.headers, headers);
    return { request };
  });
}

export function assetCases(site: SiteFacts): ProbeCase[] {
  const cases: ProbeCase[] = [];
  for (const file of site.staticFiles) {
    cases.push(get('baseline', file));
    cases.push(get('baseline', file, { 'if-none-match': '"x"' }));
    cases.push(get('baseline', file, { 'accept-encoding': 'br, gzip' }));
    cases.push(get('baseline', file, { range: 'bytes=0-10' }));
    cases.push(get('number-limits', file, { range: 'bytes=99999999999-' }));
    cases.push(get('wrong-type', file, { range: 'bytes=-1--2,a-b' }));
    cases.push(
      probeCase(routeLabel('HEAD', file), 'method', (ctx) => ({ request: read(ctx.host, file, undefined, 'HEAD') })),
    );
  }
  const island = site.staticFiles.find((f) => f.startsWith('/islands/'));
  const content = site.staticFiles.find((f) => f.startsWith('/content/'));
  const folders = [
    '/assets/',
    '/scripts/',
    '/styles/',
    '/islands/',
    content ? content.replace(/[^/]*$/, '') : '/content/demo/',
    '/content/',
  ];
  for (const folder of folders) {
    for (const traversal of TRAVERSALS) cases.push(get('path-traversal', `${folder}${traversal}`));
    const names: Hostile<string>[] = URL_VALUES.filter((v) => v.inputClass !== 'number-limits' && v.value !== '');
    for (const { value, inputClass } of names) cases.push(get(inputClass, `${folder}${value}`));
  }
  for (const path of ROOT_PATHS) cases.push(get('path-traversal', path));
  for (const { value, inputClass } of URL_VALUES) {
    cases.push(get(inputClass, `/site.css?v=${value}`));
    if (content) cases.push(get(inputClass, `${content}?format=${value}`));
  }
  if (island) {
    cases.push(get('baseline', island, { 'if-none-match': `"${island.slice('/islands/'.length)}"` }));
    cases.push(get('nul-surrogate', `${island}%00`));
    cases.push(get('path-traversal', `${island}/..`));
  }
  return cases;
}
