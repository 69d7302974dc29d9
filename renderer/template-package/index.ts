export { type FileRole, fileRole } from './file-roles.ts';
export { loadTemplatePackage } from './load-template-package.ts';
export type { CollectionConf, PageConf, TemplateConf } from './package-conf.ts';
export {
  formatPackageError,
  PACKAGE_ERRORS,
  PACKAGE_WARNINGS,
  type PackageError,
  type PackageErrorCode,
} from './package-errors.ts';
export {
  compileWithTweaks,
  type EffectiveTweaks,
  effectiveTweaks,
  type PackageStyles,
  type TweakDeclaration,
  type TweakValues,
  tweakBodyClasses,
} from './package-styles.ts';
export type { SquarespaceContext, TemplatePageContextKeys } from './page-context-keys.ts';
export { reloadFile } from './reload-file.ts';
export {
  type PackageRenderOptions,
  type PackageRenderResult,
  renderPackageTemplate,
} from './render-package-template.ts';
export { renderWithTagData, type TagDataRenderOptions, type TagDataRenderResult } from './render-with-tag-data.ts';
export { defaultAssetUrl, type StaticFile } from './static-files.ts';
export * from './tag-data.ts';
export { planTagData } from './tag-data-plan.ts';
export type { TagAttribute, TagEntry } from './tag-entry.ts';
export { QUERY_LIMITS, type TagKind } from './tag-kinds.ts';
export { TagPlanMemo } from './tag-plan-memo.ts';
export { MAX_QUERIES_PER_PAGE, type MissingTagData } from './tag-render-host.ts';
export type {
  CollectionTemplates,
  Layout,
  PageTemplate,
  TemplatePackage,
} from './template-package.ts';
