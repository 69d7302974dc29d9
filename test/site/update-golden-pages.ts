/** `npm run fixtures:update`: renders the demo site's golden pages again and rewrites fixtures/pages/. */
import { openDemoApp } from './demo-app.ts';
import { GOLDEN_PAGES, renderGolden, writeGolden } from './golden-pages.ts';

const teardowns: Array<() => Promise<void> | void> = [];
const { app, warnings } = await openDemoApp({ teardown: (fn) => teardowns.push(fn) });
for (const page of GOLDEN_PAGES) {
  const { status, html } = await renderGolden(app, page.url);
  if (status !== page.status) throw new Error(`${page.url} answered ${status}, expected ${page.status}`);
  await writeGolden(page.name, html);
  process.stdout.write(`fixtures/pages/${page.name}.html\n`);
}
for (const fn of teardowns.reverse()) await fn();
if (warnings.length > 0) {
  process.stderr.write(`${JSON.stringify(warnings, null, 2)}\n`);
  process.exit(1);
}
