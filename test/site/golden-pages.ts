/**
 * The demo site's page-level golden files: one page of each kind, rendered
 * at a fixed instant and compared with fixtures/pages/NAME.html.
 * `npm run fixtures:update` rewrites them after an intended change.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { normalizeGolden } from '../../bin/golden-normalize.ts';
import { CRUMB } from '../api-http/api-helpers.ts';

export const GOLDEN_DIR = new URL('../../fixtures/pages/', import.meta.url);

export const GOLDEN_PAGES: ReadonlyArray<{ name: string; url: string; status: number }> = [
  { name: 'home', url: '/', status: 200 },
  { name: 'store-list', url: '/shop', status: 200 },
  { name: 'store-list-category', url: '/shop?category=Kitchen', status: 200 },
  { name: 'product-physical', url: '/shop/stoneware-mug', status: 200 },
  { name: 'product-sold-out', url: '/shop/speckled-serving-bowl', status: 200 },
  { name: 'product-on-sale', url: '/shop/walnut-serving-board', status: 200 },
  { name: 'product-low-stock', url: '/shop/cedar-and-smoke-candle', status: 200 },
  { name: 'product-subscribable', url: '/shop/house-blend-coffee', status: 200 },
  { name: 'product-digital', url: '/shop/home-barista-field-guide', status: 200 },
  { name: 'product-service', url: '/shop/pour-over-fundamentals-class', status: 200 },
  { name: 'product-gift-card', url: '/shop/fernwood-gift-card', status: 200 },
  { name: 'product-paywall', url: '/shop/the-roasters-notebook', status: 200 },
  { name: 'blog-list', url: '/journal', status: 200 },
  { name: 'blog-post', url: '/journal/inside-the-roastery', status: 200 },
  { name: 'gallery', url: '/gallery', status: 200 },
  { name: 'events', url: '/events', status: 200 },
  { name: 'event', url: '/events/pottery-and-pour-over', status: 200 },
  { name: 'form-page', url: '/contact', status: 200 },
  { name: 'cart', url: '/cart', status: 200 },
  { name: 'search', url: '/search?q=coffee', status: 200 },
  { name: 'not-found', url: '/no-such-page', status: 404 },
];

export async function renderGolden(app: FastifyInstance, url: string): Promise<{ status: number; html: string }> {
  // A fixed crumb: form blocks carry the visitor's crumb, which would otherwise be new on every render.
  const response = await app.inject({ method: 'GET', url, headers: { host: 'localhost', cookie: `crumb=${CRUMB}` } });
  return { status: response.statusCode, html: normalizeGolden(response.body) };
}

export function goldenFile(name: string): URL {
  return new URL(`${name}.html`, GOLDEN_DIR);
}

export async function readGolden(name: string): Promise<string | undefined> {
  return readFile(goldenFile(name), 'utf8').catch(() => undefined);
}

export async function writeGolden(name: string, html: string): Promise<void> {
  await mkdir(GOLDEN_DIR, { recursive: true });
  await writeFile(goldenFile(name), html);
}
