/**
 * What the probe learns from the running site before it attacks it: pages
 * from the home page's links, collections with their categories and tags,
 * items with ids and skus from `?format=json` page contexts, and the
 * static files pages point at, and the form blocks pages show (their
 * hidden ids and fields, from the HTML a browser would post). Nothing is assumed about the demo content
 * beyond what these answers say.
 */

export interface CollectionFacts {
  path: string;
  typeName: string;
  categories: string[];
  tags: string[];
}

export interface VariantFacts {
  /** The variant's id, when the context gives one (restock sign-ups name variants by it). */
  id?: string;
  sku: string;
  unlimited: boolean;
  qtyInStock: number;
}

export interface ItemFacts {
  id: string;
  path: string;
  productType: number | undefined;
  isSubscribable: boolean;
  variants: VariantFacts[];
}

/** One field of a form block: its name and a value the page offers or a person would type. */
export interface FormFieldFacts {
  name: string;
  /** One value per input of that name (a name in parts, a phone number, a date). */
  values: string[];
  /** Check boxes: the answer is a list even with one box ticked. */
  list: boolean;
}

/** A form block on a page, as its HTML posts it. */
export interface FormFacts {
  /** The page it is on, where the form posts without script. */
  page: string;
  formId: string;
  blockId: string;
  fields: FormFieldFacts[];
}

export interface SiteFacts {
  websiteId: string;
  pages: string[];
  collections: CollectionFacts[];
  items: ItemFacts[];
  /** A product that can always be put in a cart (its stock is not counted): visitors start with one. */
  cartSeed: { itemId: string; sku: string };
  /** Subscribable variants in stock, most stock first: the subscription call makes carts of them for checkout. */
  subscriptions: { itemId: string; sku: string }[];
  /** Static files the pages load: islands, template assets, content pictures, the stylesheet. */
  staticFiles: string[];
  /** Form blocks on the site's pages (the contact page, the home page's newsletter). */
  forms: FormFacts[];
  /** Set once a real order has been placed (see bin/probe.ts). */
  orderToken?: string;
}

/** GETs one page (HTML or JSON) and gives its body, or undefined when it did not answer 200. */
export type PageReader = (path: string) => Promise<string | undefined>;

export async function discoverSite(read: PageReader): Promise<SiteFacts> {
  const homeHtml = await read('/');
  if (homeHtml === undefined) throw new Error('the home page did not answer 200');
  const home = parseJson(await read('/?format=json'), '/?format=json') as { website?: { id?: string } };
  const websiteId = home.website?.id;
  if (typeof websiteId !== 'string') throw new Error('/?format=json has no website.id');

  const links = localLinks(homeHtml);
  const pages = new Set<string>(['/', ...links.pages]);
  const staticFiles = new Set<string>(links.staticFiles);
  const collections: CollectionFacts[] = [];
  const forms: FormFacts[] = formsOn('/', homeHtml);
  const items = new Map<string, ItemFacts>();

  for (const path of [...pages].filter((p) => /^\/[^/?]+$/.test(p))) {
    const html = await read(path);
    if (html !== undefined) {
      const more = localLinks(html);
      for (const page of more.pages) pages.add(page);
      for (const file of more.staticFiles) staticFiles.add(file);
      if (path !== '/') forms.push(...formsOn(path, html));
    }
    const context = tryJson(await read(`${path}?format=json`)) as PageContext | undefined;
    const collection = context?.collection;
    if (!collection) continue;
    collections.push({
      path,
      typeName: String(collection.typeName ?? ''),
      categories: strings(collection.categories),
      tags: strings(collection.tags),
    });
    for (const item of context?.items ?? []) {
      const facts = itemFacts(item);
      if (facts) items.set(facts.id, facts);
    }
  }
  // Items reached only by a link (not listed on their collection's first page).
  for (const path of [...pages].filter((p) => /^\/[^/?]+\/[^/?]+$/.test(p))) {
    if ([...items.values()].some((i) => i.path === path)) continue;
    const context = tryJson(await read(`${path}?format=json`)) as PageContext | undefined;
    const facts = context?.item ? itemFacts(context.item) : undefined;
    if (facts) items.set(facts.id, facts);
  }
  for (const item of items.values()) pages.add(item.path);

  const all = [...items.values()];
  const seed = all.flatMap((i) => i.variants.filter((v) => v.unlimited).map((v) => ({ itemId: i.id, sku: v.sku })))[0];
  if (!seed) throw new Error('no product whose stock is unlimited, to start visitors with a cart');
  const subscriptions = all
    .filter((i) => i.isSubscribable)
    .flatMap((i) => i.variants.map((v) => ({ itemId: i.id, sku: v.sku, stock: v.unlimited ? 1e9 : v.qtyInStock })))
    .filter((v) => v.stock > 0)
    .sort((a, b) => b.stock - a.stock)
    .map(({ itemId, sku }) => ({ itemId, sku }));

  return {
    websiteId,
    pages: [...pages],
    collections,
    items: all,
    cartSeed: seed,
    subscriptions,
    staticFiles: [...staticFiles],
    forms,
  };
}

/** The form blocks in a page's HTML: hidden ids, and each field with a value a person would give. */
export function formsOn(page: string, html: string): FormFacts[] {
  const forms: FormFacts[] = [];
  for (const match of html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)) {
    const inner = match[1]!;
    const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(inner)?.[1];
    const formId = hidden('sb-form-id');
    if (!formId) continue;
    const fields = new Map<string, string[]>();
    const add = (name: string, value: string) => fields.set(name, [...(fields.get(name) ?? []), value]);
    const lists = new Set<string>();
    for (const tag of inner.matchAll(/<(input|select|textarea)\b([^>]*)>/g)) {
      const attrs = tag[2]!;
      const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];
      const name = attr('name');
      const type = tag[1] === 'input' ? (attr('type') ?? 'text') : tag[1]!;
      if (!name || type === 'hidden' || name === 'crumb') continue;
      if (type === 'radio' || type === 'checkbox') {
        if (!fields.has(name)) add(name, attr('value') ?? 'on');
        if (type === 'checkbox') lists.add(name);
      } else if (type === 'select') {
        const rest = inner.slice(tag.index! + tag[0].length);
        const options = [...rest.slice(0, rest.indexOf('</select>')).matchAll(/<option value="([^"]*)"/g)];
        add(name, options.map((o) => o[1]!).find((v) => v !== '') ?? '');
      } else {
        add(name, typedValue(type, attr('placeholder'), attr('autocomplete')));
      }
    }
    forms.push({
      page,
      formId,
      blockId: hidden('sb-block-id') ?? '',
      fields: [...fields].map(([name, values]) => ({ name, values, list: lists.has(name) })),
    });
  }
  return forms;
}

function typedValue(type: string, placeholder = '', autocomplete = ''): string {
  if (type === 'email' || autocomplete === 'email') return 'probe.visitor@example.com';
  if (type === 'url') return 'https://example.com/';
  if (autocomplete === 'tel-country-code') return '1';
  const byPlaceholder: Record<string, string> = {
    MM: '01',
    DD: '02',
    YYYY: '2020',
    hh: '09',
    mm: '30',
    '###': '555',
    '####': '0100',
  };
  return byPlaceholder[placeholder] ?? 'Probe';
}

interface PageContext {
  collection?: { typeName?: unknown; categories?: unknown; tags?: unknown };
  items?: unknown[];
  item?: unknown;
}

function itemFacts(raw: unknown): ItemFacts | undefined {
  const item = raw as {
    id?: unknown;
    fullUrl?: unknown;
    structuredContent?: { productType?: unknown; isSubscribable?: unknown; variants?: unknown };
  };
  if (typeof item.id !== 'string' || typeof item.fullUrl !== 'string') return undefined;
  const content = item.structuredContent;
  const variants = Array.isArray(content?.variants) ? content.variants : [];
  return {
    id: item.id,
    path: item.fullUrl,
    productType: typeof content?.productType === 'number' ? content.productType : undefined,
    isSubscribable: content?.isSubscribable === true,
    variants: variants.flatMap((v: { id?: unknown; sku?: unknown; unlimited?: unknown; qtyInStock?: unknown }) =>
      typeof v.sku === 'string'
        ? [
            {
              ...(typeof v.id === 'string' ? { id: v.id } : {}),
              sku: v.sku,
              unlimited: v.unlimited === true,
              qtyInStock: typeof v.qtyInStock === 'number' ? v.qtyInStock : 0,
            },
          ]
        : [],
    ),
  };
}

/** Same-site links of a page: pages to visit, and files it loads. */
function localLinks(html: string): { pages: string[]; staticFiles: string[] } {
  const pages: string[] = [];
  const staticFiles: string[] = [];
  for (const match of html.matchAll(/\b(?:href|src)="(\/[^"#]*)"/g)) {
    const url = match[1]!.replaceAll('&amp;', '&');
    if (url.startsWith('//')) continue;
    if (/^\/(islands|assets|scripts|styles|content)\/|^\/site\.css/.test(url)) staticFiles.push(url);
    else pages.push(url.split('?')[0]!);
  }
  return { pages, staticFiles };
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A page that fails here is still attacked later; discovery just learns nothing from it. */
function tryJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseJson(text: string | undefined, where: string): unknown {
  if (text === undefined) throw new Error(`${where} did not answer 200`);
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${where} did not answer JSON`);
  }
}
