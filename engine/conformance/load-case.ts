/**
 * Reads one corpus file into a ConformanceCase. Never throws for a malformed
 * case: it becomes a `broken` case so a whole run still reports every file.
 */
import { readFileSync } from 'node:fs';
import { parseCaseFile, parseProperties } from './case-file.ts';
import { classifyPath, isAstCaseName, unitsOutputName } from './case-path.ts';
import type { ConformanceCase, RenderInputs } from './conformance-case.ts';

/** The corpus default; the README's `en` means en-US formatting. */
export const DEFAULT_LOCALE = 'en-US';

/**
 * Maps a case's locale to the render option: `en` → `en-US`, `fr_FR` → `fr-FR`,
 * `none` → null (render without locale data).
 */
export function caseLocale(tag: string | undefined): string | null {
  if (tag === undefined || tag === '') return DEFAULT_LOCALE;
  if (tag.toLowerCase() === 'none') return null;
  const normal = tag.replace(/_/g, '-');
  return normal.toLowerCase() === 'en' ? DEFAULT_LOCALE : normal;
}

class CaseFormatError extends Error {}

function parseJson(body: string, section: string): unknown {
  try {
    return JSON.parse(body);
  } catch (e) {
    throw new CaseFormatError(`:${section} is not valid JSON: ${(e as Error).message}`);
  }
}

function stringMap(body: string | undefined, section: string): Record<string, string> | undefined {
  if (body === undefined || body.trim() === '') return undefined;
  const value = parseJson(body, section);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new CaseFormatError(`:${section} must be a JSON object`);
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string') throw new CaseFormatError(`:${section} entry '${k}' must be a string`);
    out[k] = v;
  }
  return out;
}

interface ExecParams {
  locale: string | null;
  now?: number;
}

/** :PARAMS (JSON) and :PROPERTIES (key=value) carry the same options; PARAMS wins when both exist. */
function execParams(sections: Map<string, string>): ExecParams {
  const merged: Record<string, unknown> = {};
  const props = sections.get('PROPERTIES');
  if (props !== undefined) Object.assign(merged, parseProperties(props));
  const params = sections.get('PARAMS');
  if (params !== undefined && params.trim() !== '') {
    const value = parseJson(params, 'PARAMS');
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new CaseFormatError(':PARAMS must be a JSON object');
    }
    Object.assign(merged, value);
  }
  const locale = merged.locale;
  if (locale !== undefined && typeof locale !== 'string') throw new CaseFormatError('locale must be a string');
  const out: ExecParams = { locale: caseLocale(locale) };
  if (merged.now !== undefined) {
    const now = Number(merged.now);
    if (!Number.isFinite(now)) throw new CaseFormatError(`now must be epoch milliseconds, got ${String(merged.now)}`);
    out.now = now;
  }
  return out;
}

function sectionedCase(path: string, source: string): ConformanceCase {
  const sections = parseCaseFile(source);
  const template = sections.get('TEMPLATE');
  if (template === undefined) return { kind: 'broken', path, reason: 'no :TEMPLATE section' };
  const json = sections.get('JSON');
  if (isAstCaseName(path)) {
    if (json === undefined) return { kind: 'broken', path, reason: 'no :JSON section (the expected compiled form)' };
    // The expected forms were made from the trimmed template (the reference suites
    // trim it), so the blank line that separates sections is not part of it.
    return { kind: 'ast', path, template: template.trim(), expected: parseJson(json, 'JSON') };
  }
  const expected = sections.get('OUTPUT');
  if (expected === undefined) return { kind: 'broken', path, reason: 'no :OUTPUT section' };
  const inputs: RenderInputs = {
    template,
    // A case without :JSON renders against an empty object, as the reference loaders do.
    data: json === undefined || json.trim() === '' ? {} : parseJson(json, 'JSON'),
    dataText: json === undefined || json.trim() === '' ? undefined : json,
    partials: stringMap(sections.get('PARTIALS'), 'PARTIALS'),
    injects: stringMap(sections.get('INJECT'), 'INJECT'),
    ...execParams(sections),
  };
  return { kind: 'render', path, inputs, expected, compare: 'whole' };
}

function unitsCase(path: string): ConformanceCase {
  const names = unitsOutputName(path)!;
  const dataText = readFileSync(names.dataPath, 'utf8');
  const data = parseJson(dataText, names.dataPath);
  return {
    kind: 'render',
    path,
    inputs: {
      template: readFileSync(names.inputPath, 'utf8'),
      templateFile: names.inputPath,
      data,
      dataText,
      locale: caseLocale(names.locale),
    },
    expected: readFileSync(path, 'utf8'),
    compare: 'lines',
  };
}

export function loadCase(path: string): ConformanceCase {
  try {
    switch (classifyPath(path)) {
      case 'table':
        return { kind: 'not-a-case', path, reason: 'a table of helper inputs (used by unit tests)' };
      case 'units-input':
        return { kind: 'not-a-case', path, reason: 'an input of a units table (run the NAME-out-LOCALE files)' };
      case 'units-output':
        return unitsCase(path);
      case 'other':
        return { kind: 'not-a-case', path, reason: 'not a .html or .txt case file' };
      case 'case':
        return sectionedCase(path, readFileSync(path, 'utf8'));
    }
  } catch (e) {
    if (e instanceof CaseFormatError) return { kind: 'broken', path, reason: e.message };
    return { kind: 'broken', path, reason: `cannot read: ${(e as Error).message}` };
  }
}
