/**
 * The render of a page with its tag data: plan what the template will ask for,
 * fetch it (async, from the data source), render (sync); if the render met tag
 * data that was not fetched (an attribute that depends on data only the render
 * sees, a tag inside a query's content), fetch that and render again.
 */
import type { CompiledTemplate } from '../../engine/index.ts';
import { type PackageError, packageMessage } from './package-errors.ts';
import {
  type PackageRenderOptions,
  type PackageRenderResult,
  renderPackageTemplate,
} from './render-package-template.ts';
import { fetchTagData, type TagDataSource, TagDataStore } from './tag-data.ts';
import { planTagData } from './tag-data-plan.ts';
import type { TagPlanMemo } from './tag-plan-memo.ts';
import type { MissingTagData } from './tag-render-host.ts';
import type { TemplatePackage } from './template-package.ts';

export interface TagDataRenderOptions extends PackageRenderOptions {
  /** Renders at most this many times; each one after the first fetches what the last one missed. Default 3. */
  readonly maxPasses?: number;
  /**
   * The page being rendered, for `planMemo`: renders of one template with the same key ask for the same tag data,
   * or nearly (the same website and collection).
   */
  readonly planKey?: string;
  readonly planMemo?: TagPlanMemo;
}

export interface TagDataRenderResult extends PackageRenderResult {
  /** How many times the template was rendered. */
  readonly passes: number;
  /** Everything fetched, for another render of the same page. */
  readonly tagData: TagDataStore;
}

const DEFAULT_MAX_PASSES = 3;

function stillMissing({ entry }: MissingTagData, passes: number): PackageError {
  const message = packageMessage('TAG_DATA_MISSING', { name: entry.kind, passes });
  return {
    code: 'TAG_DATA_MISSING',
    message,
    file: entry.file,
    line: entry.line,
    column: entry.column,
    snippet: entry.snippet,
  };
}

/**
 * await renderWithTagData(pkg, layout.template, pageContext, dataSource)
 * → { output, errors, missing: [], passes: 1, tagData }
 */
export async function renderWithTagData(
  pkg: TemplatePackage,
  template: CompiledTemplate,
  context: unknown,
  source: TagDataSource,
  options: TagDataRenderOptions = {},
): Promise<TagDataRenderResult> {
  const { maxPasses = DEFAULT_MAX_PASSES, tagData, planKey, planMemo, ...renderOptions } = options;
  const memo = planKey === undefined ? undefined : planMemo;
  const planned = memo?.get(template, planKey!) ?? planTagData(pkg, template, context);
  const store = await fetchTagData(source, planned, tagData ?? new TagDataStore());
  for (let passes = 1; ; passes++) {
    const result = renderPackageTemplate(pkg, template, context, { ...renderOptions, tagData: store });
    if (result.missing.length === 0) {
      memo?.set(template, planKey!, store.requests());
      return { ...result, passes, tagData: store };
    }
    if (passes >= maxPasses) {
      // One error per tag, however many of its requests are left.
      const tags = new Map(result.missing.map((m) => [m.entry.id, m]));
      const errors = [...result.errors, ...[...tags.values()].map((m) => stillMissing(m, passes))];
      return { ...result, errors, passes, tagData: store };
    }
    await fetchTagData(
      source,
      result.missing.map((m) => m.request),
      store,
    );
  }
}
