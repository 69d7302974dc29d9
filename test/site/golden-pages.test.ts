import t from 'tap';
import { openDemoApp } from './demo-app.ts';
import { GOLDEN_PAGES, readGolden, renderGolden } from './golden-pages.ts';

t.test('every page kind of the demo site renders as its golden file', async (t) => {
  const { app, warnings } = await openDemoApp(t);
  for (const page of GOLDEN_PAGES) {
    const { status, html } = await renderGolden(app, page.url);
    t.equal(status, page.status, `${page.url} status`);
    const golden = await readGolden(page.name);
    t.ok(golden, `fixtures/pages/${page.name}.html exists (npm run fixtures:update writes it)`);
    // A line diff names the first difference instead of printing two whole pages.
    const actualLines = html.split('\n');
    const goldenLines = (golden ?? '').split('\n');
    const first = actualLines.findIndex((line, i) => line !== goldenLines[i]);
    t.equal(
      first === -1 && actualLines.length === goldenLines.length ? 'same' : `line ${first + 1}: ${actualLines[first]}`,
      'same',
      `${page.name} matches fixtures/pages/${page.name}.html`,
    );
  }
  t.same(warnings, [], 'no template errors were logged');
});
