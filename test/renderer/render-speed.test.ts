import t from 'tap';
import type { CompiledTemplate } from '../../engine/index.ts';
import {
  loadTemplatePackage,
  planTagData,
  renderPackageTemplate,
  renderWithTagData,
} from '../../renderer/template-package/index.ts';
import { FIXTURE, fakeDataSource, pageContext, storeFor } from './package-helpers.ts';

t.test('each template is compiled once at load and never while rendering', async (t) => {
  const pkg = await loadTemplatePackage(FIXTURE);
  const templates: CompiledTemplate[] = [
    ...[...pkg.layouts.values()].map((l) => l.template),
    ...pkg.blocks.values(),
    ...[...pkg.pages.values()].map((p) => p.template),
    ...[...pkg.collections.values()].flatMap((c) => [c.list, c.item].filter((x) => x !== undefined)),
  ];
  const fragments = Object.keys(pkg.partials).filter((name) => name.startsWith('squarespace-tag:'));
  t.equal(pkg.stats.compiles, templates.length + fragments.length, 'layouts, blocks, pages, collections, tag pieces');
  t.equal(templates.length, 2 + 4 + 1 + 2);

  // Anything that compiles through the engine, partials included, goes through compile().
  let engineCompiles = 0;
  const compile = pkg.engine.compile.bind(pkg.engine);
  pkg.engine.compile = (source, options) => {
    engineCompiles++;
    return compile(source, options);
  };
  const { source } = fakeDataSource();
  for (let i = 0; i < 200; i++) {
    for (const template of templates) {
      const tagData = storeFor(planTagData(pkg, template, pageContext));
      renderPackageTemplate(pkg, template, pageContext, { tagData });
    }
  }
  await renderWithTagData(pkg, pkg.layouts.get('default')!.template, pageContext, source);
  t.equal(engineCompiles, 0);
  t.equal(pkg.stats.compiles, templates.length + fragments.length);
});
