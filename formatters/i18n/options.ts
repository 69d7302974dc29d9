/**
 * Formatter arguments of the locale-aware family: `key:value` pairs and bare
 * flags (`group`, `short`, a date skeleton). Later keys win, as in templates.
 */
import type { PluginArgs } from '../../engine/index.ts';

export interface ParsedOptions {
  /** `key:value` pairs, keys as written. */
  readonly values: ReadonlyMap<string, string>;
  /** Arguments with no colon, in order. */
  readonly flags: readonly string[];
}

const cache = new Map<string, ParsedOptions>();

/** parseOptions(['group', 'maxfrac:2']) → { values: {maxfrac → '2'}, flags: ['group'] } */
export function parseOptions(args: PluginArgs): ParsedOptions {
  const key = args.join('\u0000');
  let out = cache.get(key);
  if (out === undefined) {
    out = parse(args);
    if (cache.size > 5000) cache.clear();
    cache.set(key, out);
  }
  return out;
}

function parse(args: PluginArgs): ParsedOptions {
  const values = new Map<string, string>();
  const flags: string[] = [];
  for (const raw of args) {
    const arg = raw.trim();
    if (arg === '') continue;
    const colon = arg.indexOf(':');
    if (colon <= 0) flags.push(arg);
    else values.set(arg.slice(0, colon), arg.slice(colon + 1));
  }
  return { values, flags };
}

/** First value found under any of `keys` (options have short and long spellings). */
export function optionValue(options: ParsedOptions, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = options.values.get(k);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** True for a bare flag, or `key:true`; false for `key:false`; undefined when absent. */
export function optionBoolean(options: ParsedOptions, key: string): boolean | undefined {
  const v = options.values.get(key);
  if (v !== undefined) return v !== 'false';
  return options.flags.includes(key) ? true : undefined;
}

/** A non-negative integer option, clamped to 0..50 (spec: number formatting digits clamped to 0-50). */
export function optionDigits(options: ParsedOptions, ...keys: string[]): number | undefined {
  const v = optionValue(options, ...keys);
  if (v === undefined) return undefined;
  const n = Number.parseInt(v, 10);
  // Unreadable digits count as 0 (`maxfrac:x` is `maxfrac:0`), as in the reference.
  if (!Number.isFinite(n)) return 0;
  return Math.min(50, Math.max(0, n));
}

/**
 * Grouping as the number options spell it: `group`, `grouping`, `group:true` turn it on;
 * `group:false` (any value but true), `no-group`, `no-grouping` turn it off.
 */
export function optionGroup(options: ParsedOptions, fallback: boolean): boolean {
  if (options.flags.includes('no-group') || options.flags.includes('no-grouping')) return false;
  const v = optionValue(options, 'group', 'grouping');
  if (v !== undefined) return v === '' || v === 'true';
  if (options.flags.includes('group') || options.flags.includes('grouping')) return true;
  return fallback;
}
