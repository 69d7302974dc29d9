/**
 * What each file of a template package is, from its path alone:
 *
 *   template.conf                       the package's configuration
 *   NAME.region                         a piece of a layout (root folder only)
 *   collections/NAME.conf|.list|.item   a collection kind's settings and templates
 *   blocks/NAME.block                   a partial, applied as `NAME.block`
 *   pages/NAME.page, pages/NAME.page.conf
 *   assets/**, scripts/**, styles/**    served as they are
 */

export type FileRole =
  | 'template-conf'
  | 'region'
  | 'collection-conf'
  | 'collection-list'
  | 'collection-item'
  | 'block'
  | 'page'
  | 'page-conf'
  | 'static'
  | 'ignored';

type NamedRole = Exclude<FileRole, 'template-conf' | 'static' | 'ignored'>;

/** Folder and suffix of each named file; longer suffixes first where one ends another. */
const NAMED: readonly (readonly [NamedRole, string, string])[] = [
  ['region', '', '.region'],
  ['collection-conf', 'collections', '.conf'],
  ['collection-list', 'collections', '.list'],
  ['collection-item', 'collections', '.item'],
  ['block', 'blocks', '.block'],
  ['page-conf', 'pages', '.page.conf'],
  ['page', 'pages', '.page'],
];

const STATIC_FOLDERS = ['assets/', 'scripts/', 'styles/'];

function split(path: string): { folder: string; name: string } {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? { folder: '', name: path } : { folder: path.slice(0, slash), name: path.slice(slash + 1) };
}

/** fileRole('collections/blog.list') → 'collection-list'; paths use forward slashes. */
export function fileRole(path: string): FileRole {
  if (path === 'template.conf') return 'template-conf';
  if (STATIC_FOLDERS.some((folder) => path.startsWith(folder))) return 'static';
  const { folder, name } = split(path);
  for (const [role, roleFolder, suffix] of NAMED) {
    if (folder === roleFolder && name.endsWith(suffix) && name.length > suffix.length) return role;
  }
  return 'ignored';
}

/** fileStem('collections/blog.list') → 'blog'; fileStem('pages/about.page.conf') → 'about'. */
export function fileStem(path: string): string {
  const role = fileRole(path);
  const { name } = split(path);
  const named = NAMED.find(([r]) => r === role);
  return named ? name.slice(0, name.length - named[2].length) : name;
}
