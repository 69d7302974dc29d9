/**
 * The Fastify app that serves websites: pages, their static files, with
 * security headers, compression and request-id logging.
 */
import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../api/db/schema.ts';
import { BODY_LIMITS } from '../api/http/body-limits.ts';
import { apiRoutes } from '../api/http/index.ts';
import { inputGuard } from '../api/http/input-guard.ts';
import { bundleIslands } from '../hydrate/bundle-islands.ts';
import { assetRoutes } from './asset-routes.ts';
import { htmlErrors } from './html-errors.ts';
import { islandsRoute, islandsUrl } from './islands-route.ts';
import { PageCache } from './page-cache.ts';
import { pageRoutes } from './page-routes.ts';
import { TemplatePackages } from './template-packages.ts';

export interface AppOptions {
  db: Kysely<Database>;
  /** Signs crumbs (api/http/crumb.ts); renderer/server-secret.ts finds it. */
  secret: string;
  templateDir: string | undefined;
  templatesRoot: string;
  development: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The embedded database's change count (DatabaseHandle.contentChanges). */
  contentChanges?: { readonly count: number };
  now?: () => number;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    // Long slugs are still pages; the default of 100 would answer them 404.
    routerOptions: { maxParamLength: 500 },
    bodyLimit: BODY_LIMITS.form,
  });
  const packages = new TemplatePackages({
    templateDir: options.templateDir,
    templatesRoot: options.templatesRoot,
    development: options.development,
    log: { warn: (m) => app.log.warn(m), info: (m) => app.log.info(m) },
  });
  app.addHook('onClose', () => packages.close());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        // Templates set CSS custom properties in style attributes (gallery options).
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // Sites are served over plain HTTP on a developer's machine.
        upgradeInsecureRequests: null,
      },
    },
    // Pictures of one site may be shown by another (a shop embedding its products).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(htmlErrors);
  await app.register(inputGuard);
  await app.register(fastifyStatic, { root: options.templatesRoot, serve: false });
  await app.register(apiRoutes, { db: options.db, secret: options.secret });
  const islands = await bundleIslands();
  await app.register(islandsRoute, { bundle: islands });
  await app.register(assetRoutes, { db: options.db, packages });
  await app.register(pageRoutes, {
    db: options.db,
    packages,
    development: options.development,
    now: options.now ?? Date.now,
    cache: options.development ? undefined : new PageCache(),
    islandsUrl: islandsUrl(islands),
    contentChanges: options.contentChanges,
  });
  return app;
}
