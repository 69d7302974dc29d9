/**
 * A loaded template package: every file compiled once, ready to render many
 * times. A package is an immutable snapshot; reloadFile makes a new one that
 * shares everything but the file that changed.
 */
import type { CompiledTemplate, Engine } from '../../engine/index.ts';
import type { LayoutSourceMap } from './layout-join.ts';
import type { PackageCompiler } from './package-compiler.ts';
import type { CollectionConf, ConfRead, PageConf, TemplateConf } from './package-conf.ts';
import type { PackageError } from './package-errors.ts';
import type { PackageStyles } from './package-styles.ts';
import type { StaticFile } from './static-files.ts';
import type { TagEntry } from './tag-entry.ts';
import type { TemplateUnit } from './template-unit.ts';

export interface Layout {
  /** The key in template.conf `layouts`. */
  readonly key: string;
  readonly name: string;
  /** Region names in order, as template.conf gives them. */
  readonly regions: readonly string[];
  /** The regions joined and compiled as one template. */
  readonly template: CompiledTemplate;
}

/** The templates of one collection kind: collections/KIND.conf, .list and .item. */
export interface CollectionTemplates {
  readonly kind: string;
  /** Undefined when the .conf is missing or invalid (reported in errors). */
  readonly conf: CollectionConf | undefined;
  readonly list: CompiledTemplate | undefined;
  readonly item: CompiledTemplate | undefined;
}

export interface PageTemplate {
  readonly name: string;
  readonly conf: PageConf | undefined;
  readonly template: CompiledTemplate;
}

export type TemplateRole = 'region' | 'collection-list' | 'collection-item' | 'block' | 'page';

/** One file of the package as last accepted. */
export type FileUnit =
  | { readonly role: 'template-conf'; readonly conf: ConfRead<TemplateConf> }
  | { readonly role: 'collection-conf'; readonly conf: ConfRead<CollectionConf> }
  | { readonly role: 'page-conf'; readonly conf: ConfRead<PageConf> }
  | { readonly [R in TemplateRole]: { readonly role: R; readonly template: TemplateUnit } }[TemplateRole]
  /** `text`: a .less or .css file's content, which the snapshot compiles (package-styles.ts). */
  | { readonly role: 'static'; readonly file: StaticFile; readonly text?: string }
  | { readonly role: 'unreadable'; readonly error: PackageError };

/** What reloadFile needs to make the next snapshot. */
export interface PackageState {
  readonly dir: string;
  readonly compiler: PackageCompiler;
  /** By package-relative path with forward slashes. */
  readonly files: ReadonlyMap<string, FileUnit>;
  /** Newer versions of files that had errors, while the last good version stays in use. */
  readonly failed: ReadonlyMap<string, readonly PackageError[]>;
  /** Files whose version in use had no errors when it was accepted. */
  readonly good: ReadonlySet<string>;
}

export interface TemplatePackage {
  /** Absolute path of the package folder. */
  readonly dir: string;
  /** Undefined when template.conf is missing or invalid (reported in errors). */
  readonly conf: TemplateConf | undefined;
  readonly layouts: ReadonlyMap<string, Layout>;
  /** By collection kind: 'blog' for collections/blog.*. */
  readonly collections: ReadonlyMap<string, CollectionTemplates>;
  /** By partial name: blocks/navigation.block is 'navigation.block'. */
  readonly blocks: ReadonlyMap<string, CompiledTemplate>;
  /** By name: pages/about.page is 'about'. */
  readonly pages: ReadonlyMap<string, PageTemplate>;
  /** assets/, scripts/ and styles/ files by package-relative path. */
  readonly staticFiles: ReadonlyMap<string, StaticFile>;
  /** The listed stylesheets compiled with LESS, and the tweaks they declare. */
  readonly styles: PackageStyles;
  /** Every squarespace tag of the package, by the id its formatter call carries. */
  readonly tags: ReadonlyMap<string, TagEntry>;
  /** What renders get as partials: the blocks, the tags' compiled bodies and attributes, and the system partials template.conf asks for. */
  readonly partials: Readonly<Record<string, CompiledTemplate>>;
  /** Every problem, with file:line:col, sorted by file and position. */
  readonly errors: readonly PackageError[];
  /** Files whose newest version has errors; the previous version is what renders. */
  readonly stale: readonly string[];
  readonly engine: Engine;
  /** Live counters shared by all snapshots of this package. */
  readonly stats: { readonly compiles: number };
  /** How to put an error of a layout's joined template back into its region. */
  readonly layoutMaps: ReadonlyMap<CompiledTemplate, LayoutSourceMap>;
  readonly state: PackageState;
}
