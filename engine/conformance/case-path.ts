/**
 * What a corpus file is, judged from its name and neighbours alone, so that
 * collecting cases never has to read file bodies.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';

export type PathKind =
  /** A sectioned case file (`:TEMPLATE`, `:JSON`, ...). */
  | 'case'
  /** `NAME-out-LOCALE.html` beside `NAME-in.html` and `_numbers.json`. */
  | 'units-output'
  /** `NAME-in.html` or `_numbers.json` of a units table: inputs of the outputs above. */
  | 'units-input'
  /** Product inputs under `tables/`, read by unit tests, never rendered. */
  | 'table'
  | 'other';

/** The context every template of a units table is rendered with. */
export const UNITS_DATA_FILE = '_numbers.json';

const CASE_EXTENSIONS = new Set(['.html', '.txt']);
const UNITS_OUTPUT = /^(.+)-out-([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*)\.html$/;
const UNITS_INPUT = /^.+-in\.html$/;

export interface UnitsOutputName {
  /** The table's template, `NAME-in.html`, as a path beside the output. */
  readonly inputPath: string;
  readonly dataPath: string;
  /** As written in the file name (`en-US`, `fr_FR`). */
  readonly locale: string;
}

/**
 * unitsOutputName('x/length-out-fr-FR.html') → { inputPath: 'x/length-in.html', dataPath: 'x/_numbers.json', locale: 'fr-FR' }
 * Undefined when the name does not have that shape.
 */
export function unitsOutputName(path: string): UnitsOutputName | undefined {
  const m = UNITS_OUTPUT.exec(basename(path));
  if (!m) return undefined;
  const dir = dirname(path);
  return { inputPath: join(dir, `${m[1]}-in.html`), dataPath: join(dir, UNITS_DATA_FILE), locale: m[2]! };
}

/** A folder is a units table when it holds the shared context file; the folder name is not trusted. */
function inUnitsTable(path: string): boolean {
  return existsSync(join(dirname(path), UNITS_DATA_FILE));
}

export function classifyPath(path: string): PathKind {
  const name = basename(path);
  if (basename(dirname(path)) === 'tables') return 'table';
  if (inUnitsTable(path)) {
    if (name === UNITS_DATA_FILE || UNITS_INPUT.test(name)) return 'units-input';
    const units = unitsOutputName(path);
    if (units && existsSync(units.inputPath)) return 'units-output';
  }
  if (CASE_EXTENSIONS.has(extname(name)) && name.toLowerCase() !== 'readme.txt') return 'case';
  return 'other';
}

/** `ast-*` and `pretty-*` cases compare the compiled form instead of the output. */
export function isAstCaseName(path: string): boolean {
  return /^(ast|pretty)-/.test(basename(path));
}
