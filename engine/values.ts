/** How template values are looked into, tested for truth and printed. */
import type { PathSegment } from './types.ts';

/** `node.key` or `node[index]`; undefined ("missing") when there is no such child. */
export function childOf(node: unknown, key: PathSegment): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) return typeof key === 'number' ? node[key] : undefined;
  const k = typeof key === 'number' ? String(key) : key;
  return Object.hasOwn(node, k) ? (node as Record<string, unknown>)[k] : undefined;
}

/** Sections and `.if` enter on: true, non-zero numbers, non-empty strings, arrays and objects. */
export function isTruthy(value: unknown): boolean {
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'number':
      return value !== 0 && !Number.isNaN(value);
    case 'string':
      return value.length > 0;
    case 'object':
      if (value === null) return false;
      if (Array.isArray(value)) return value.length > 0;
      for (const _ in value) return true;
      return false;
    default:
      return false;
  }
}

/** What `{x}` prints: objects print nothing, arrays their elements joined by commas. */
export function toOutputString(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Object.is(value, -0) ? '0' : String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value.toString();
    case 'object':
      if (Array.isArray(value)) return value.map((v) => String(v)).join(',');
      return '';
    default:
      return '';
  }
}
