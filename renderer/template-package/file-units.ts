/**
 * Reads one package file and compiles it into its unit: configuration files
 * are parsed and checked, template files go through the tag pre-pass and the
 * engine, static files are hashed. Each file is read once.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileRole } from './file-roles.ts';
import type { PackageCompiler } from './package-compiler.ts';
import { collectionConfSchema, pageConfSchema, readConf, templateConfSchema } from './package-conf.ts';
import { fileError } from './package-errors.ts';
import { isStylesheetPath } from './package-styles.ts';
import { staticFile } from './static-files.ts';
import type { FileUnit, TemplateRole } from './template-package.ts';
import { compileTemplateUnit } from './template-unit.ts';

export type LoadedRole = Exclude<FileRole, 'ignored'>;

interface UnitInput {
  readonly compiler: PackageCompiler;
  readonly path: string;
  readonly absolutePath: string;
  readonly content: Buffer;
}

/** Template text without a byte-order mark, which would otherwise be printed. */
function text(content: Buffer): string {
  const s = content.toString('utf8');
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

function template(role: TemplateRole, standalone: boolean) {
  return ({ compiler, path, content }: UnitInput): FileUnit => ({
    role,
    template: compileTemplateUnit(compiler, path, text(content), { standalone }),
  });
}

const BUILDERS: { readonly [R in LoadedRole]: (input: UnitInput) => FileUnit } = {
  'template-conf': ({ path, content }) => ({
    role: 'template-conf',
    conf: readConf(path, text(content), templateConfSchema, 'template.conf'),
  }),
  'collection-conf': ({ path, content }) => ({
    role: 'collection-conf',
    conf: readConf(path, text(content), collectionConfSchema, 'collection configuration'),
  }),
  'page-conf': ({ path, content }) => ({
    role: 'page-conf',
    conf: readConf(path, text(content), pageConfSchema, 'page configuration'),
  }),
  // Regions are compiled joined into their layouts, not on their own.
  region: template('region', false),
  'collection-list': template('collection-list', true),
  'collection-item': template('collection-item', true),
  block: template('block', true),
  page: template('page', true),
  static: ({ path, absolutePath, content }) => {
    const file = staticFile(path, absolutePath, content);
    return isStylesheetPath(path) ? { role: 'static', file, text: text(content) } : { role: 'static', file };
  },
};

/** The unit of a file already read: the development watcher reads a file once it has settled, and that read is the version to compile. */
export function fileUnitFrom(
  compiler: PackageCompiler,
  dir: string,
  relativePath: string,
  role: LoadedRole,
  content: Buffer,
): FileUnit {
  const absolutePath = path.join(dir, ...relativePath.split('/'));
  return BUILDERS[role]({ compiler, path: relativePath, absolutePath, content });
}

/** The file's unit, or 'absent' when the file does not exist (any more). */
export async function readFileUnit(
  compiler: PackageCompiler,
  dir: string,
  relativePath: string,
  role: LoadedRole,
): Promise<FileUnit | 'absent'> {
  const absolutePath = path.join(dir, ...relativePath.split('/'));
  let content: Buffer;
  try {
    content = await readFile(absolutePath);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'absent';
    const detail = e instanceof Error ? e.message : String(e);
    return { role: 'unreadable', error: fileError('READ_FAILED', { path: relativePath, detail }, relativePath) };
  }
  return fileUnitFrom(compiler, dir, relativePath, role, content);
}
