/**
 * The corpus comparison rules, shared by the runner and the benchmark (which
 * must judge the peer engine's output by the same rules as ours).
 */

/**
 * The form a text is compared in. `whole`: trimmed as one string (README rule).
 * `lines`: line by line for `i18n/units` tables: each line trimmed and blank
 * lines dropped, since the expected files indent and space lines differently
 * from the templates that produce them.
 */
export function normalizeOutput(text: string, compare: 'whole' | 'lines'): string {
  const trimmed = text.trim();
  if (compare === 'whole') return trimmed;
  return trimmed
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

export function outputMatches(expected: string, actual: string, compare: 'whole' | 'lines'): boolean {
  return normalizeOutput(expected, compare) === normalizeOutput(actual, compare);
}

/** Structural equality of parsed JSON values (key order of objects does not matter). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => jsonEqual(v, bb[i]));
  }
  const ak = Object.keys(a);
  const bo = b as Record<string, unknown>;
  if (ak.length !== Object.keys(bo).length) return false;
  return ak.every((k) => Object.hasOwn(bo, k) && jsonEqual((a as Record<string, unknown>)[k], bo[k]));
}

/**
 * JSON laid out for a line diff of compiled templates: short arrays stay on one
 * line, long ones put one element per line, so a difference points at one instruction.
 */
export function interchangeText(value: unknown, indent = ''): string {
  const flat = JSON.stringify(value) ?? 'undefined';
  if (flat.length <= 72 || value === null || typeof value !== 'object') return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => inner + interchangeText(v, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${interchangeText(v, inner)}`);
  return `{\n${entries.join(',\n')}\n${indent}}`;
}
