/**
 * What the probe learns from the running site before it attacks it: pages
 * from the home page's links, collections with their categories and tags,
 * items with ids and skus from `?format=json` page contexts, and the
 * static files pages point at. Nothing is assumed about the demo content
 * beyond what these answers say.
 */

export interface CollectionFacts {
  path: string;
  typeName: string;
  categories: string[];
  tags: string[];
}

export interface VariantFacts {
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
  const items = new Map<string, ItemFacts>();

  for (const path of [...pages].filter((p) => /^\/[^/?]+$/.test(p))) {
    const html = await read(path);
    if (html !== undefined) {
      const more = localLinks(html);
      for (const page of more.pages) pages.add(page);
      for (const file of more.staticFiles) staticFiles.add(file);
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
  };
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
    variants: variants.flatMap((v: { sku?: unknown; unlimited?: unknown; qtyInStock?: unknown }) =>
      typeof v.sku === 'string'
        ? [
            {
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
