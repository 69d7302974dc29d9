/**
 * The admin app at /config (the spec's config path): an HTML shell that
 * loads the admin bundle (admin/bundle-admin.ts) for every path under it,
 * the bundle's files under /config/assets/, and the spec's billing paths
 * (section 2), which lead to the app's plan page. The shell is served with
 * the site's security headers like every response (renderer/app.ts) and is
 * never cached: it is the same for everyone, but says nothing until the
 * app has asked who is signed in.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AdminBundle } from '../admin/bundle-admin.ts';
import type { BILLING_PATHS } from '../shared/billing-plans.ts';

export const CONFIG_PATH = '/config';
const ASSETS_PATH = `${CONFIG_PATH}/assets`;

/** Where each billing path leads, and why (the plan page words its introduction by it). */
const BILLING_REDIRECTS: Readonly<Record<(typeof BILLING_PATHS)[number], string>> = {
  '/settings/billing/upgrade': `${CONFIG_PATH}/billing?from=upgrade`,
  '/settings/billing/subscriptions/website': `${CONFIG_PATH}/billing?from=subscription`,
};

export function adminShell(bundle: AdminBundle): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Site administration</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ASSETS_PATH}/${bundle.stylesheet}">
<script type="module" src="${ASSETS_PATH}/${bundle.script}"></script>
</head>
<body>
<div id="admin-root"><noscript><p>The site administration needs JavaScript.</p></noscript></div>
</body>
</html>
`;
}

/**
 * `bundle` is asked for on the first request under /config, not at start: a
 * server only visitors reach never builds the admin app (a second or more of
 * esbuild, and the bundle's megabytes kept in memory).
 */
export async function adminRoutes(
  app: FastifyInstance,
  options: { bundle: () => Promise<AdminBundle> },
): Promise<void> {
  const sendShell = async (reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(adminShell(await options.bundle()));

  app.get(CONFIG_PATH, async (_request, reply) => sendShell(reply));
  app.get(`${CONFIG_PATH}/*`, async (_request, reply) => sendShell(reply));

  app.get(`${ASSETS_PATH}/:file`, async (request, reply) => {
    const { file } = request.params as { file: string };
    const content = (await options.bundle()).files.get(file);
    if (!content) return reply.callNotFound();
    const etag = `"${file}"`;
    reply
      .type(file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8')
      .header('etag', etag)
      .header('cache-control', 'public, max-age=31536000, immutable');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(Buffer.from(content));
  });

  for (const [path, target] of Object.entries(BILLING_REDIRECTS)) {
    app.get(path, async (_request, reply) => reply.header('cache-control', 'no-store').redirect(target, 302));
  }
}
