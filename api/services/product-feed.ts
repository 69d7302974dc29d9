/**
 * The dynamic-ads product feed: one entry per published product variant
 * with the attributes Google Merchant Center and Meta catalogs read (id,
 * title, description, link, image_link, price, sale_price, availability,
 * brand, item_group_id, condition), written as RSS 2.0 with the g:
 * namespace or as CSV. Pure once the rows are read.
 */
import { majorUnitsText } from '../../domain/money/minor-units-text.ts';
import { isVariantSoldOut } from '../../domain/product-status.ts';
import { isStockedType } from '../../domain/product-types.ts';
import { sellingPrice } from '../../domain/selling-price.ts';
import { toCsv } from '../../shared/csv.ts';
import type { FeedVariantRow } from '../repositories/product-feed-repository.ts';

export interface FeedEntry {
  id: string;
  title: string;
  description: string;
  link: string;
  imageLink: string | null;
  /** '19.00 USD': the amount with its currency, as the feeds ask. */
  price: string;
  salePrice: string | null;
  availability: 'in stock' | 'out of stock';
  brand: string;
  /** The product's id when it has more than one variant, tying them together. */
  itemGroupId: string | null;
  condition: 'new';
}

export interface FeedSite {
  title: string;
  /** 'https://fernwood.example': links and pictures are absolute. */
  origin: string;
}

/** The feeds' own limits (Google Merchant Center: title 150, description 5,000 characters). */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Characters XML 1.0 cannot hold at all: C0 controls but tab and line breaks, lone surrogates, U+FFFE and U+FFFF. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** One line of text as the feeds want it: no control characters, runs of space one. */
export function oneLine(text: string): string {
  return text.replace(NOT_XML, '').replace(/\s+/g, ' ').trim();
}

/** Rich text as plain text: tags become spaces, the common entities their characters, runs of space one. */
export function plainText(html: string): string {
  const text = html.replace(/<[^>]*>?/g, ' ').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
  return oneLine(text);
}

/** At most `max` characters (code points), cut at a word when one ends near enough. */
function shorten(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

function amount(minor: string, currency: string): string {
  return `${majorUnitsText(minor, currency) ?? '0'} ${currency}`;
}

function variantTitle(row: FeedVariantRow): string {
  const attributes = row.attributes !== null && typeof row.attributes === 'object' ? row.attributes : {};
  const values = Object.values(attributes).filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  const title = oneLine(row.title);
  return shorten(values.length > 0 ? `${title} (${values.map(oneLine).join(', ')})` : title, TITLE_MAX);
}

export function feedEntry(row: FeedVariantRow, site: FeedSite): FeedEntry {
  const price = sellingPrice(
    row.productType,
    {
      price: row.productPriceMinor,
      salePrice: row.productSalePriceMinor,
      onSale: row.productOnSale,
      currency: row.productCurrency,
    },
    {
      price: row.variantPriceMinor,
      salePrice: row.variantSalePriceMinor,
      onSale: row.variantOnSale,
      currency: row.variantCurrency,
    },
  );
  const onSale = price.onSale && price.sale !== null && BigInt(price.sale) < BigInt(price.regular);
  // Digital products, gift cards and memberships never run out (spec section 4).
  const inStock = !isStockedType(row.productType) || !isVariantSoldOut(row);
  const description = plainText(row.excerpt) || plainText(row.body) || row.title;
  return {
    id: oneLine(row.sku) || row.variantId,
    title: variantTitle(row),
    description: shorten(description, DESCRIPTION_MAX),
    link: new URL(`/${row.collectionUrlId}/${row.itemUrlId}`, site.origin).href,
    imageLink: row.imageUrl ? new URL(row.imageUrl, site.origin).href : null,
    price: amount(price.regular, price.currency),
    salePrice: onSale ? amount(price.sale!, price.currency) : null,
    availability: inStock ? 'in stock' : 'out of stock',
    brand: oneLine(site.title),
    itemGroupId: row.variantCount > 1 ? row.itemId : null,
    condition: 'new',
  };
}

/**
 * Text as XML character data or an attribute value: the five special
 * characters escaped, and the characters XML 1.0 cannot hold at all (C0
 * controls but tab and line breaks, lone surrogates, U+FFFE and U+FFFF)
 * dropped, since no escape can carry them.
 */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

const element = (name: string, value: string | null) => (value === null ? '' : `<${name}>${xmlText(value)}</${name}>`);

export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

/** RSS 2.0 with Google's namespace, which Google Merchant Center and Meta catalogs both read. */
export function feedXml(entries: readonly FeedEntry[], site: FeedSite): string {
  const items = entries.map((entry) =>
    [
      '<item>',
      element('g:id', entry.id),
      element('g:title', entry.title),
      element('g:description', entry.description),
      element('g:link', entry.link),
      element('g:image_link', entry.imageLink),
      element('g:price', entry.price),
      element('g:sale_price', entry.salePrice),
      element('g:availability', entry.availability),
      element('g:brand', entry.brand),
      element('g:item_group_id', entry.itemGroupId),
      element('g:condition', entry.condition),
      '</item>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    '<channel>',
    element('title', site.title),
    element('link', new URL('/', site.origin).href),
    element('description', `Products of ${site.title}`),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

export const FEED_CSV_COLUMNS = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'price',
  'sale_price',
  'availability',
  'brand',
  'item_group_id',
  'condition',
] as const;

/**
 * The same entries as CSV with the feeds' column names. Read by the ads
 * platforms, not a spreadsheet, so text is kept as it is (a description may
 * well start with '-').
 */
export function feedCsv(entries: readonly FeedEntry[]): string {
  const rows = entries.map((entry) => [
    entry.id,
    entry.title,
    entry.description,
    entry.link,
    entry.imageLink,
    entry.price,
    entry.salePrice,
    entry.availability,
    entry.brand,
    entry.itemGroupId,
    entry.condition,
  ]);
  return toCsv(FEED_CSV_COLUMNS, rows, { guardFormulas: false });
}
