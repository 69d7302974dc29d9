/**
 * Builds a TemplatePackage from its files: layouts joined from regions and
 * compiled, collections grouped by kind, the partials table, and the checks
 * that need more than one file (a region a layout names, a block a tag names,
 * a navigation or script that must exist). Compiling single files is done
 * before, per file, so a reload only redoes this step for the rest.
 */
import type { CompiledTemplate, CompileResult } from '../../engine/index.ts';
import { fileStem } from './file-roles.ts';
import { joinRegions, type LayoutSourceMap, placeInRegion } from './layout-join.ts';
import type { CollectionConf, ConfRead, PageConf, TemplateConf } from './package-conf.ts';
import { fileError, type PackageError, packageError } from './package-errors.ts';
import { buildPackageStyles, type StyleSource } from './package-styles.ts';
import type { StaticFile } from './static-files.ts';
import { compileSystemPartials } from './system-partials.ts';
import type { TagEntry } from './tag-entry.ts';
import { blockPartialName } from './tag-kinds.ts';
import type {
  CollectionTemplates,
  FileUnit,
  Layout,
  PackageState,
  PageTemplate,
  TemplatePackage,
} from './template-package.ts';
import type { TemplateUnit } from './template-unit.ts';

interface Files {
  templateConf: ConfRead<TemplateConf> | undefined;
  collectionConfs: Map<string, ConfRead<CollectionConf>>;
  pageConfs: Map<string, ConfRead<PageConf>>;
  regions: Map<string, TemplateUnit>;
  lists: Map<string, TemplateUnit>;
  items: Map<string, TemplateUnit>;
  blocks: Map<string, TemplateUnit>;
  pages: Map<string, TemplateUnit>;
  staticFiles: Map<string, StaticFile>;
  styleSources: Map<string, StyleSource>;
  errors: PackageError[];
}

/** Sorts the files by role; each role's table entry says where a file goes. */
const SORT: {
  readonly [R in FileUnit['role']]: (files: Files, path: string, unit: Extract<FileUnit, { role: R }>) => void;
} = {
  'template-conf': (files, _path, unit) => {
    files.templateConf = unit.conf;
  },
  'collection-conf': (files, path, unit) => {
    files.collectionConfs.set(fileStem(path), unit.conf);
  },
  'page-conf': (files, path, unit) => {
    files.pageConfs.set(fileStem(path), unit.conf);
  },
  region: (files, path, unit) => {
    files.regions.set(fileStem(path), unit.template);
  },
  'collection-list': (files, path, unit) => {
    files.lists.set(fileStem(path), unit.template);
  },
  'collection-item': (files, path, unit) => {
    files.items.set(fileStem(path), unit.template);
  },
  block: (files, path, unit) => {
    files.blocks.set(`${fileStem(path)}.block`, unit.template);
  },
  page: (files, path, unit) => {
    files.pages.set(fileStem(path), unit.template);
  },
  static: (files, path, unit) => {
    files.staticFiles.set(path, unit.file);
    if (unit.text !== undefined) files.styleSources.set(path, { text: unit.text, hash: unit.file.hash });
  },
  unreadable: (files, _path, unit) => {
    files.errors.push(unit.error);
  },
};

function sortFiles(state: PackageState): Files {
  const files: Files = {
    templateConf: undefined,
    collectionConfs: new Map(),
    pageConfs: new Map(),
    regions: new Map(),
    lists: new Map(),
    items: new Map(),
    blocks: new Map(),
    pages: new Map(),
    staticFiles: new Map(),
    styleSources: new Map(),
    errors: [],
  };
  // In path order: readdir's order differs between file systems, and a package must come out the same everywhere.
  const byPath = [...state.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [path, unit] of byPath) {
    (SORT[unit.role] as (files: Files, path: string, unit: FileUnit) => void)(files, path, unit);
    if ('conf' in unit) files.errors.push(...unit.conf.errors);
    if ('template' in unit) files.errors.push(...unit.template.errors);
  }
  return files;
}

interface Layouts {
  layouts: Map<string, Layout>;
  maps: Map<CompiledTemplate, LayoutSourceMap>;
  errors: PackageError[];
  compiled: CompileResult[];
}

function buildLayouts(state: PackageState, files: Files): Layouts {
  const out: Layouts = { layouts: new Map(), maps: new Map(), errors: [], compiled: [] };
  const used = new Set<string>();
  const conf = files.templateConf;
  for (const [key, layout] of Object.entries(conf?.value?.layouts ?? {})) {
    const regions: TemplateUnit[] = [];
    layout.regions.forEach((region, i) => {
      const unit = files.regions.get(region);
      if (unit) {
        regions.push(unit);
        used.add(region);
      } else {
        const at = conf!.positionOf(['layouts', key, 'regions', i]);
        out.errors.push(packageError('UNKNOWN_REGION', { layout: key, region }, 'template.conf', at));
      }
    });
    const joined = joinRegions(key, regions);
    const compiled = state.compiler.compileShared(joined.text, { file: joined.map.file });
    out.compiled.push(compiled);
    out.layouts.set(key, { key, name: layout.name, regions: layout.regions, template: compiled.template });
    out.maps.set(compiled.template, joined.map);
    out.errors.push(...compiled.errors.map((e) => placeInRegion(joined.map, e)));
  }
  // A region no layout uses is still compiled, so its mistakes show up.
  for (const [name, unit] of files.regions) {
    if (used.has(name)) continue;
    const compiled = state.compiler.compileShared(unit.text, { file: unit.path });
    out.compiled.push(compiled);
    out.errors.push(...compiled.errors);
  }
  return out;
}

function buildCollections(files: Files): { collections: Map<string, CollectionTemplates>; errors: PackageError[] } {
  const kinds = new Set([...files.collectionConfs.keys(), ...files.lists.keys(), ...files.items.keys()]);
  const collections = new Map<string, CollectionTemplates>();
  const errors: PackageError[] = [];
  for (const kind of [...kinds].sort()) {
    const conf = files.collectionConfs.get(kind);
    const list = files.lists.get(kind);
    const item = files.items.get(kind);
    if (conf === undefined) errors.push(fileError('MISSING_COLLECTION_CONF', { kind }, (list ?? item)!.path));
    collections.set(kind, { kind, conf: conf?.value, list: list?.template, item: item?.template });
  }
  return { collections, errors };
}

/** Problems with what tags name in other files: blocks, declared navigations, scripts. */
function checkTagReferences(
  tags: Iterable<TagEntry>,
  blocks: ReadonlyMap<string, TemplateUnit>,
  conf: TemplateConf | undefined,
  staticFiles: ReadonlyMap<string, StaticFile>,
): PackageError[] {
  const errors: PackageError[] = [];
  const navigations = new Set(conf?.navigations.map((n) => n.name));
  for (const tag of tags) {
    const template = tag.attributes.get('template');
    if (template?.kind === 'static' && !blocks.has(blockPartialName(template.value))) {
      const params = { name: tag.kind, template: template.value.replace(/\.block$/, '') };
      errors.push(packageError('UNKNOWN_BLOCK', params, tag.file, template));
    }
    const navigation = tag.attributes.get('navigationId');
    if (conf !== undefined && navigation?.kind === 'static' && !navigations.has(navigation.value)) {
      errors.push(packageError('UNKNOWN_NAVIGATION', { navigation: navigation.value }, tag.file, navigation));
    }
    const src = tag.attributes.get('src');
    if (tag.kind === 'script' && src?.kind === 'static' && !staticFiles.has(`scripts/${src.value}`)) {
      errors.push(packageError('UNKNOWN_SCRIPT', { src: src.value }, tag.file, src));
    }
  }
  return errors;
}

function checkStylesheets(files: Files): PackageError[] {
  const conf = files.templateConf;
  const errors: PackageError[] = [];
  conf?.value?.stylesheets.forEach((name, i) => {
    if (!files.staticFiles.has(`styles/${name}`)) {
      errors.push(packageError('UNKNOWN_STYLESHEET', { name }, 'template.conf', conf.positionOf(['stylesheets', i])));
    }
  });
  return errors;
}

const errorKey = (e: PackageError): string =>
  `${e.file}\u0000${e.line}\u0000${e.column}\u0000${e.code}\u0000${e.message}`;

/** Without duplicates (a region in two layouts), in file order, then by position. */
function tidy(errors: readonly PackageError[]): PackageError[] {
  const seen = new Map<string, PackageError>();
  for (const e of errors) if (!seen.has(errorKey(e))) seen.set(errorKey(e), e);
  return [...seen.values()].sort(
    (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column,
  );
}

export interface Assembly {
  readonly pkg: TemplatePackage;
  /** Shared compile results this snapshot uses (the rest may be forgotten). */
  readonly compiled: readonly CompileResult[];
}

export function assemblePackage(state: PackageState): Assembly {
  const files = sortFiles(state);
  const errors: PackageError[] = [...files.errors];
  if (files.templateConf === undefined && !state.files.has('template.conf')) {
    errors.push(fileError('MISSING_TEMPLATE_CONF', {}, 'template.conf'));
  }
  const conf = files.templateConf?.value;
  const built = buildLayouts(state, files);
  errors.push(...built.errors);
  const { collections, errors: collectionErrors } = buildCollections(files);
  errors.push(...collectionErrors);

  const units = [files.regions, files.lists, files.items, files.blocks, files.pages].flatMap((m) => [...m.values()]);
  const tags = new Map<string, TagEntry>();
  const partials: [string, CompiledTemplate][] = [];
  for (const unit of units) {
    for (const tag of unit.tags) tags.set(tag.id, tag);
    partials.push(...unit.fragments);
  }
  const blocks = new Map<string, CompiledTemplate>();
  for (const [name, unit] of files.blocks) {
    blocks.set(name, unit.template!);
    partials.push([name, unit.template!]);
  }
  const system = compileSystemPartials(state.compiler, conf?.systemPartials ?? [], (name) =>
    partials.some(([defined]) => defined === name),
  );
  partials.push(...system.partials);
  errors.push(...system.compiled.flatMap((c) => c.errors));
  errors.push(...checkTagReferences(tags.values(), files.blocks, conf, files.staticFiles));
  errors.push(...checkStylesheets(files));
  // A listed file that is missing was reported just above (a warning: the package's build makes it); the rest compile.
  const roots = (conf?.stylesheets ?? []).map((name) => `styles/${name}`).filter((p) => files.styleSources.has(p));
  const styles = buildPackageStyles(files.styleSources, roots, files.templateConf?.positionOf);
  errors.push(...styles.errors);

  const pages = new Map<string, PageTemplate>();
  for (const [name, unit] of files.pages) {
    pages.set(name, { name, conf: files.pageConfs.get(name)?.value, template: unit.template! });
  }
  for (const failed of state.failed.values()) errors.push(...failed);

  const pkg: TemplatePackage = {
    dir: state.dir,
    conf,
    layouts: built.layouts,
    collections,
    blocks,
    pages,
    staticFiles: files.staticFiles,
    styles: styles.styles,
    tags,
    // fromEntries defines own properties, so a block named __proto__ is just a name.
    partials: Object.freeze(Object.fromEntries(partials)),
    errors: tidy(errors),
    stale: [...state.failed.keys()].sort(),
    engine: state.compiler.engine,
    stats: state.compiler,
    layoutMaps: built.maps,
    state,
  };
  return { pkg, compiled: [...built.compiled, ...system.compiled] };
}
