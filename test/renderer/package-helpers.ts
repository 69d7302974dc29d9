/** Shared pieces of the template-package tests: fixture paths, small packages, a fake data source. */
import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Test } from 'tap';
import {
  loadTemplatePackage,
  type TagDataRequest,
  type TagDataResults,
  type TagDataSource,
  TagDataStore,
  type TemplatePackage,
} from '../../renderer/template-package/index.ts';

export const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'packages', 'basic');

/** A template.conf with one layout made of the given regions and one navigation. */
export function conf(regions: readonly string[] = ['site'], extra: Record<string, unknown> = {}): string {
  const body = {
    name: 'Test',
    layouts: { default: { name: 'Default', regions } },
    navigations: [{ title: 'Main', name: 'mainNav' }],
    ...extra,
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

type Tree = { [name: string]: string | Tree };

/** Turns { 'blocks/a.block': 'x' } into the nested form t.testdir wants. */
function tree(files: Readonly<Record<string, string>>): Tree {
  const root: Tree = {};
  for (const [file, content] of Object.entries(files)) {
    const parts = file.split('/');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Tree;
    }
    node[parts[parts.length - 1]!] = content;
  }
  return root;
}

/** A package folder for one test, removed afterwards; template.conf defaults to conf(). */
export function packageDir(t: Test, files: Readonly<Record<string, string>>): string {
  return t.testdir(tree({ 'template.conf': conf(), ...files }));
}

export async function loadPackage(t: Test, files: Readonly<Record<string, string>>): Promise<TemplatePackage> {
  return loadTemplatePackage(packageDir(t, files));
}

/** A copy of the fixture package that a test may edit. */
export function fixtureCopy(t: Test): string {
  const dir = t.testdir({});
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

export function writeFile(dir: string, relative: string, content: string): void {
  writeFileSync(path.join(dir, relative), content);
}

export const pageContext = {
  website: { siteTitle: 'My Site' },
  collection: { urlId: 'blog', title: 'Blog' },
  items: [
    { title: 'First', fullUrl: '/blog/first' },
    { title: 'Second', fullUrl: '/blog/second' },
  ],
  item: { title: 'First', body: '<p>Body</p>' },
  squarespace: {
    'main-content': '<p>Hello</p>',
    'page-classes': 'collection-type-blog',
    'page-id': 'collection-1',
    'page-title': 'Blog — My Site',
    'template-revision': '7',
  },
  'squarespace-headers': '<meta name="generator" content="sitebuilder">',
  'squarespace-footers': '<script>footer()</script>',
};

export interface SiteData {
  readonly navigations?: Readonly<Record<string, TagDataResults['navigation']>>;
  readonly folder?: TagDataResults['folder-navigation'];
  readonly categories?: Readonly<Record<string, TagDataResults['category']>>;
  readonly blockFields?: Readonly<Record<string, string>>;
  /** Items of each collection, by URL id; a query gets the first `limit` (featured ones if asked). */
  readonly collections?: Readonly<Record<string, readonly { title: string; urlId?: string; featured?: boolean }[]>>;
}

export const siteData: SiteData = {
  navigations: {
    mainNav: {
      items: [
        { active: true, collection: { fullUrl: '/blog', navigationTitle: 'Blog' } },
        { active: false, collection: { fullUrl: '/about', navigationTitle: 'About' } },
      ],
    },
    footerNav: { items: [{ title: 'Contact' }, { title: 'Legal' }] },
  },
  folder: { items: [{ collection: { fullUrl: '/blog', navigationTitle: 'Blog' } }] },
  categories: { blog: { categories: ['News', 'Notes'] }, '': { categories: ['Own'] } },
  blockFields: { sidebar: '<p>Side</p>', footer: '<p>Foot</p>' },
  collections: {
    blog: [{ title: 'Hello', featured: true }, { title: 'Later' }, { title: 'Pinned', featured: true }],
    team: [{ title: 'Ann' }, { title: 'Bob' }, { title: 'Cy' }, { title: 'Di' }],
    sections: [{ title: 'Blog section', urlId: 'blog' }],
  },
};

export function queryResult(data: SiteData, request: Extract<TagDataRequest, { kind: 'query' }>) {
  const all = data.collections?.[request.collection];
  if (all === undefined) return undefined;
  const chosen = all.filter((item) => !request.featured || item.featured);
  const items = chosen.slice(request.skip, request.limit === null ? undefined : request.skip + request.limit);
  return { items, collection: { urlId: request.collection } };
}

/** What the page-context builder will do over the database, from a fixed data set. */
function answer(data: SiteData, request: TagDataRequest): unknown {
  switch (request.kind) {
    case 'navigation':
      return data.navigations?.[request.navigationId];
    case 'folder-navigation':
      return data.folder;
    case 'category':
      return data.categories?.[request.collection ?? ''];
    case 'block-field': {
      const html = data.blockFields?.[request.id];
      return html === undefined ? undefined : { html };
    }
    case 'query':
      return queryResult(data, request);
  }
}

/** A store already holding the answers to the given requests: for sync render tests. */
export function storeFor(requests: readonly TagDataRequest[], data: SiteData = siteData): TagDataStore {
  const store = new TagDataStore();
  for (const request of requests) store.set(request as never, answer(data, request) as never);
  return store;
}

/** An async data source over `data` that records every request it is asked. */
export function fakeDataSource(data: SiteData = siteData): { source: TagDataSource; calls: TagDataRequest[] } {
  const calls: TagDataRequest[] = [];
  const respond = async (request: TagDataRequest) => {
    calls.push(request);
    // A real source answers later; make sure nothing relies on an immediate answer.
    await new Promise((resolve) => setImmediate(resolve));
    return answer(data, request) as never;
  };
  const source: TagDataSource = {
    navigation: respond,
    'folder-navigation': respond,
    category: respond,
    'block-field': respond,
    query: respond,
  };
  return { source, calls };
}
