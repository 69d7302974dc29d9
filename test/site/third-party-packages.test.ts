/**
 * Public template packages by other authors (third-party-packages.ts): each
 * passes `jsont check`, and a crawl of the demo site through it, following
 * every internal link from the home page and the pages the check visits,
 * answers no 5xx and logs nothing at error level. The packages are read in
 * place from TEMPLATE_PACKAGES_DIR (../template-packages beside the checkout,
 * filled by tools/fetch-template-packages.sh); a package that is not there is
 * skipped with a message saying where to put it.
 */
import { existsSync, readFileSync } from 'node:fs';
import t from 'tap';
import { checkPackage } from '../../bin/check-command.ts';
import type { DemoSiteServer } from '../../bin/demo-site-server.ts';
import { openSnapshotDemoSite } from '../bin/snapshot-demo-site.ts';
import { packagePath, TEMPLATE_PACKAGES_DIR, THIRD_PARTY_PACKAGES } from './third-party-packages.ts';

/** The crawl stops after this many URLs: enough for every page kind and its links, bounded in time. */
const MAX_URLS = 400;
const ORIGIN = 'http://localhost';
// pino's level numbers
const ERROR_LEVEL = 50;

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The internal URLs an HTML page links to (path and query, fragment dropped):
 * same host, http(s), not the API.
 */
function internalLinks(html: string, from: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/\shref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const raw = decodeEntities((match[1] ?? match[2] ?? '').trim());
    if (raw === '' || raw.startsWith('#')) continue;
    let url: URL;
    try {
      url = new URL(raw, new URL(from, ORIGIN));
    } catch {
      continue;
    }
    if (url.origin !== ORIGIN || !/^https?:$/.test(url.protocol)) continue;
    if (url.pathname.startsWith('/api/')) continue;
    links.push(`${url.pathname}${url.search}`);
  }
  return links;
}

interface CrawlResult {
  visited: Map<string, number>;
  serverErrors: string[];
  errorLogs: string[];
  truncated: boolean;
}

/** GETs `start` and every internal link reachable from it, breadth first, up to MAX_URLS. */
async function crawl(site: DemoSiteServer, start: readonly string[]): Promise<CrawlResult> {
  const visited = new Map<string, number>();
  const serverErrors: string[] = [];
  const errorLogs: string[] = [];
  const queue = [...new Set(start)];
  const queued = new Set(queue);
  site.takeLogs();
  while (queue.length > 0 && visited.size < MAX_URLS) {
    const page = queue.shift()!;
    const { status, html } = await site.get(page);
    visited.set(page, status);
    if (status >= 500) serverErrors.push(`${page}: ${status}`);
    for (const line of site.takeLogs()) {
      if (typeof line.level === 'number' && line.level >= ERROR_LEVEL) {
        const cause = (line.err as { message?: string } | undefined)?.message;
        errorLogs.push(`${page}: ${String(line.msg ?? '')}${cause ? `: ${cause}` : ''}`);
      }
    }
    if (!/^\s*(<!doctype|<html)/i.test(html)) continue;
    for (const link of internalLinks(html, page)) {
      if (queued.has(link)) continue;
      queued.add(link);
      queue.push(link);
    }
  }
  return { visited, serverErrors, errorLogs, truncated: queue.length > 0 };
}

t.test('the fetch script and the README name each package at its commit', async (t) => {
  const script = readFileSync(new URL('../../tools/fetch-template-packages.sh', import.meta.url), 'utf8');
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  for (const entry of THIRD_PARTY_PACKAGES) {
    t.ok(
      script.includes(`fetch ${entry.source} ${entry.commit} ${entry.folder}\n`),
      `the script fetches ${entry.name}`,
    );
    t.ok(readme.includes(entry.source) && readme.includes(entry.commit), `the README lists ${entry.name}`);
  }
});

t.test('links found in a page', async (t) => {
  const html = `<a href="/blog?tag=a&amp;b=1#top">x</a><a href='item'>y</a><a href="#x">z</a>
    <a href="mailto:a@b.c">m</a><a href="https://example.com/">e</a><link href="/site.css"><a href="/api/cart">c</a>`;
  t.same(internalLinks(html, '/blog/'), ['/blog?tag=a&b=1', '/blog/item', '/site.css']);
});

for (const entry of THIRD_PARTY_PACKAGES) {
  const dir = packagePath(entry);
  if (!existsSync(dir)) {
    t.test(
      entry.name,
      { skip: `not fetched: clone ${entry.source} at ${entry.commit} into ${dir} (tools/fetch-template-packages.sh)` },
      () => {},
    );
    continue;
  }
  t.test(entry.name, async (t) => {
    const site = await openSnapshotDemoSite(t, dir);

    const lines: string[] = [];
    const problems = await checkPackage(dir, (line) => lines.push(line), site);
    t.equal(problems, 0, `jsont check ${dir} finds no problem`, { output: lines.join('\n') });

    const { visited, serverErrors, errorLogs, truncated } = await crawl(site, ['/', ...site.pages]);
    const statuses = new Map<number, number>();
    for (const status of visited.values()) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${n} × ${status}`);
    t.comment(
      `${entry.name}: ${visited.size} URLs crawled${truncated ? ' (stopped at the limit)' : ''}: ${summary.join(', ')}`,
    );
    const notOk = [...visited].filter(([, status]) => status !== 200).map(([page, status]) => `${page} ${status}`);
    if (notOk.length > 0) t.comment(`not 200: ${notOk.slice(0, 10).join(', ')}`);
    t.ok(visited.size > site.pages.length / 2, 'the crawl reached the pages');
    t.same(serverErrors, [], 'no URL answers 5xx');
    t.same(errorLogs, [], 'nothing is logged at error level');
  });
}

t.comment(`template packages read from ${TEMPLATE_PACKAGES_DIR}`);
