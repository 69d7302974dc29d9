/**
 * A layout is its regions joined in the order template.conf gives, compiled as
 * one template (a section may open in one region and close in another). The
 * join keeps where each region starts, so an error at a line and column of the
 * joined text is reported at the right place of the right .region file.
 */
import type { PackageError } from './package-errors.ts';
import { caretSnippet, type LineColumn, LineIndex } from './source-position.ts';
import type { TemplateUnit } from './template-unit.ts';

interface RegionStart extends LineColumn {
  readonly file: string;
  readonly lines: LineIndex;
}

export interface LayoutSourceMap {
  /** The file name the joined template was compiled under. */
  readonly file: string;
  readonly regions: readonly RegionStart[];
}

export interface JoinedLayout {
  readonly text: string;
  readonly map: LayoutSourceMap;
}

/** The file name of a layout's joined template; only seen if an error cannot be placed in a region. */
export function layoutFile(key: string): string {
  return `layout:${key}`;
}

export function joinRegions(key: string, regions: readonly TemplateUnit[]): JoinedLayout {
  let text = '';
  let line = 1;
  let column = 1;
  const starts: RegionStart[] = [];
  for (const region of regions) {
    starts.push({ file: region.path, line, column, lines: new LineIndex(region.source) });
    text += region.text;
    const lastNewline = region.text.lastIndexOf('\n');
    if (lastNewline === -1) {
      column += region.text.length;
    } else {
      for (let i = region.text.indexOf('\n'); i !== -1; i = region.text.indexOf('\n', i + 1)) line++;
      column = region.text.length - lastNewline;
    }
  }
  return { text, map: { file: layoutFile(key), regions: starts } };
}

const before = (a: LineColumn, b: LineColumn): boolean =>
  a.line < b.line || (a.line === b.line && a.column <= b.column);

/** An error of the joined template, moved to its region; other errors pass unchanged. */
export function placeInRegion(map: LayoutSourceMap, error: PackageError): PackageError {
  if (error.file !== map.file || map.regions.length === 0) return error;
  if (error.line <= 0) return { ...error, file: map.regions[0]!.file };
  let region = map.regions[0]!;
  for (const r of map.regions) if (before(r, error)) region = r;
  const line = error.line - region.line + 1;
  const column = error.line === region.line ? error.column - region.column + 1 : error.column;
  const snippet = caretSnippet(region.lines.source, region.lines.offsetOf({ line, column }));
  return { ...error, file: region.file, line, column, snippet };
}
