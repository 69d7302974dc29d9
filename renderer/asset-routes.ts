/**
 * Static files: the website's template package (assets/, scripts/, styles/,
 * and /site.css, the stylesheets template.conf lists compiled with the website's tweak values), the demo site's
 * pictures (/content/demo/<file>), pictures owners uploaded (/content/<website id>/<image id>/<name>.<ext>,
 * ?format=300w for a stored width; api/media/media-store.ts)
 * and the web fonts the platform serves from npm (/fonts/<file>, web-fonts.ts).
 * Versioned URLs (`?v=<hash>`) are cached for a year; others revalidate.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../api/db/schema.ts';
import type { MediaStore } from '../api/media/media-store.ts';
import { findWebsiteByHost } from '../api/repositories/website-repository.ts';
import { DEMO_IMAGE_DIR } from '../api/seed/seed-demo-site.ts';
import { siteStylesheet, websiteTweakValues } from './site-stylesheet.ts';
import type { TemplatePackages } from './template-packages.ts';
import { fontDir, loadWebFonts } from './web-fonts.ts';

export interface AssetRoutesOptions {
  db: Kysely<Database>;
  packages: TemplatePackages;
  media: MediaStore;
}

const YEAR = 365 * 24 * 3600 * 1000;
const FIVE_MINUTES = 5 * 60 * 1000;

function cacheOptions(request: FastifyRequest) {
  const versioned = new URL(request.url, 'http://localhost').searchParams.has('v');
  return { maxAge: versioned ? YEAR : FIVE_MINUTES, immutable: versioned };
}

/** Content folders by website identifier; the demo site's pictures ship with the code. */
const CONTENT_DIRS: Readonly<Record<string, string>> = { demo: DEMO_IMAGE_DIR };

export async function assetRoutes(app: FastifyInstance, options: AssetRoutesOptions): Promise<void> {
  const { db, packages } = options;

  const packageOf = async (request: FastifyRequest) => {
    const site = await findWebsiteByHost(db, request.host);
    return site ? await packages.get(site.settings.templatePackage) : undefined;
  };

  const packageFile = async (request: FastifyRequest, reply: FastifyReply) => {
    const packaged = await packageOf(request);
    const relative = new URL(request.url, 'http://localhost').pathname.slice(1);
    const file = packaged?.pkg.staticFiles.get(decodeURIComponent(relative));
    if (!packaged || !file) return reply.callNotFound();
    return reply.sendFile(file.path, packaged.pkg.dir, cacheOptions(request));
  };
  for (const folder of ['assets', 'scripts', 'styles']) app.get(`/${folder}/*`, packageFile);

  app.get('/site.css', async (request, reply) => {
    const site = await findWebsiteByHost(db, request.host);
    const packaged = site ? await packages.get(site.settings.templatePackage) : undefined;
    if (!site || !packaged) return reply.callNotFound();
    const { css, etag, warnings } = await siteStylesheet(packaged.pkg, websiteTweakValues(site));
    for (const warning of warnings) request.log.warn({ website: site.website.id }, warning);
    const { maxAge, immutable } = cacheOptions(request);
    reply.header('etag', etag);
    reply.header('cache-control', `public, max-age=${maxAge / 1000}${immutable ? ', immutable' : ''}`);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/css; charset=utf-8').send(css);
  });

  const fonts = loadWebFonts();
  app.get('/fonts/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const font = fonts.get(file);
    if (!font) return reply.callNotFound();
    // Only the package's own version may be kept for good: an old address must not pin a new file, nor the reverse.
    const asked = new URL(request.url, 'http://localhost').searchParams.get('v');
    const current = asked !== null && asked === font.version;
    return reply.sendFile(file, fontDir(font), { maxAge: current ? YEAR : FIVE_MINUTES, immutable: current });
  });

  app.get('/content/:site/*', async (request, reply) => {
    const { site, '*': file } = request.params as { site: string; '*': string };
    const uploaded = /^([0-9a-f]{24})\/[a-z0-9][a-z0-9-]*\.([a-z]+)$/.exec(file);
    if (uploaded) {
      const format = new URL(request.url, 'http://localhost').searchParams.get('format');
      const stored = options.media.imageFile(site, uploaded[1]!, format, uploaded[2]!);
      if (!stored) return reply.callNotFound();
      // An uploaded picture never changes: a new upload gets a new id, and so a new address.
      return reply.sendFile(path.basename(stored), path.dirname(stored), { maxAge: YEAR, immutable: true });
    }
    const dir = Object.hasOwn(CONTENT_DIRS, site) ? CONTENT_DIRS[site] : undefined;
    if (!dir || !/^[a-z0-9][a-z0-9._-]*$/.test(file)) return reply.callNotFound();
    return reply.sendFile(file, dir, cacheOptions(request));
  });
}
