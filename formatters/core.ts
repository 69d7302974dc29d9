/**
 * Core formatters: escaping, JSON, text helpers, lookups into values, partials.
 * Values are read as text with textOf (containers have none) and as numbers
 * with numberOf (strings by their leading decimal), matching the reference.
 * Helpers live in ./core/.
 */
import type { ExecContext, FormatterTable, PathSegment, PluginArgs } from '../engine/index.ts';
import { childOf, errorMessage, isTruthy, splitPath } from '../engine/index.ts';
import { readNumber } from '../engine/read-number.ts';
import { type ApplyCall, applyPartial, parseApplyArgs } from './core/apply.ts';
import { findElement, keyBy } from './core/find.ts';
import { formatPlaceholders } from './core/format-string.ts';
import { scriptSafeJson } from './core/script-safe-json.ts';
import { slugify } from './core/slugify.ts';
import { smartypants } from './core/smartypants.ts';
import { truncate, truncateLength } from './core/truncate.ts';
import { urlEncode } from './core/url-encode.ts';
import { keyOf, lookupFromValue } from './core/value-frame.ts';
import { integerArg, textOf } from './core/values.ts';

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const HTML_SPECIALS = /[&<>]/g;
const ATTR_SPECIALS = /[&<>"]/g;
const escapeHtml = (s: string): string => s.replace(HTML_SPECIALS, (c) => ENTITIES[c]!);
const escapeAttr = (s: string): string => s.replace(ATTR_SPECIALS, (c) => ENTITIES[c]!);
const WHITESPACE = /\s/g;
const NEWLINE = /\n/g;
const TAG = /<[^>]*>/g;

const DEFAULT_MODULUS = 2;

/** Arguments are fixed per compiled tag, so each apply call is parsed once. */
const applyCalls = new WeakMap<readonly string[], ApplyCall | null>();

function applyCallOf(args: readonly string[]): ApplyCall | null {
  let call = applyCalls.get(args);
  if (call === undefined) {
    call = parseApplyArgs(args) ?? null;
    applyCalls.set(args, call);
  }
  return call;
}

/** encodeURI and friends throw on lone surrogates; the template gets nothing and an error instead. */
function encodeOrFail(name: string, encode: (s: string) => string) {
  return (value: unknown, _args: PluginArgs, ctx: ExecContext): string => {
    try {
      return encode(textOf(value));
    } catch (e) {
      ctx.error('FORMATTER_FAILED', errorMessage('FORMATTER_FAILED', { name, detail: (e as Error).message }));
      return '';
    }
  };
}

function walk(node: unknown, path: readonly PathSegment[]): unknown {
  let value = node;
  for (let i = 0; i < path.length && value !== undefined; i++) value = childOf(value, path[i]!);
  return value;
}

export const coreFormatters: FormatterTable = {
  apply: {
    args: { min: 1 },
    format: (value, args, ctx) => {
      const call = applyCallOf(args);
      return call ? applyPartial(call, value, ctx) : '';
    },
  },

  capitalize: { format: (value) => textOf(value).toUpperCase() },

  count: {
    args: { min: 0, max: 0 },
    format: (value) => {
      if (typeof value === 'string') return value.length;
      if (Array.isArray(value)) return value.length;
      if (value !== null && typeof value === 'object') return Object.keys(value).length;
      return 0;
    },
  },

  /** `{@|cycle a b c}` in a list of numbers 1, 2, 3, 4 → a, b, c, a: the value picks the argument. */
  cycle: {
    args: { min: 1 },
    format: (value, args) => {
      const n = args.length;
      if (n === 0) return undefined;
      // A fraction or NaN gives no index, hence nothing.
      return args[(((readNumber(value, 'leading-decimal') - 1) % n) + n) % n];
    },
  },

  'encode-space': { format: (value) => textOf(value).replace(WHITESPACE, '&nbsp;') },
  'encode-uri': { format: encodeOrFail('encode-uri', encodeURI) },
  'encode-uri-component': { format: encodeOrFail('encode-uri-component', encodeURIComponent) },

  'find-first': { args: { min: 0, max: 1 }, format: (value, args) => findElement(value, args, false) },
  'find-last': { args: { min: 0, max: 1 }, format: (value, args) => findElement(value, args, true) },

  /** `{msg|format a b}`: placeholders {0}, {1} take the values of the variables a, b. */
  format: {
    format: (value, args, ctx) =>
      formatPlaceholders(
        textOf(value),
        args.map((a) => ctx.lookup(a)),
      ),
  },

  /** `{obj|get a b}`: obj[value of a][value of b]; without arguments the value itself. */
  get: {
    format: (value, args, ctx) => {
      let node = value;
      for (const arg of args) {
        const key = keyOf(lookupFromValue(arg, value, ctx));
        if (key === undefined) return undefined;
        node = childOf(node, key);
        if (node === undefined) return undefined;
      }
      return node;
    },
  },

  html: { format: (value) => escapeHtml(textOf(value)) },
  htmlattr: { format: (value) => escapeAttr(textOf(value)) },
  htmltag: { format: (value) => escapeAttr(textOf(value)) },

  /** The 1-based position in the enclosing repeated section. */
  iter: {
    args: { min: 0, max: 0 },
    format: (_value, _args, ctx) => {
      const index = ctx.resolve(['@index']);
      return index === undefined ? '' : String(index);
    },
  },

  json: { args: { min: 0, max: 0 }, format: (value) => scriptSafeJson(value) },
  'json-pretty': { args: { min: 0, max: 0 }, format: (value) => scriptSafeJson(value, 2) },

  'key-by': { args: { min: 1, max: 1 }, format: (value, args) => keyBy(value, args[0]) },

  'line-breaks': { format: (value) => textOf(value).replace(NEWLINE, '<br/>') },

  /** `{obj|lookup k}`: the variable whose name is k's value, looked up in obj first. */
  lookup: {
    args: { min: 1, max: 1 },
    format: (value, args, ctx) => {
      if (args.length === 0) return '';
      const name = keyOf(lookupFromValue(args[0]!, value, ctx));
      return name === undefined ? undefined : lookupFromValue(String(name), value, ctx);
    },
  },

  /** Remainder with JavaScript's sign rules; the modulus is read as an integer (`3.9` → 3), and a missing, zero or unreadable one means 2. */
  mod: {
    args: { min: 0, max: 1 },
    format: (value, args) => {
      const m = integerArg(args[0]);
      return readNumber(value, 'leading-decimal') % (m ? m : DEFAULT_MODULUS);
    },
  },

  output: { format: (_value, args) => args.join(' ') },

  /** `pluralize` → '' / 's'; `pluralize es` → '' / 'es'; `pluralize item items`. Singular only for exactly 1. */
  pluralize: {
    args: { min: 0, max: 2 },
    format: (value, args) => {
      const singular = args.length >= 2 ? args[0]! : '';
      const plural = args.length >= 2 ? args[1]! : args.length === 1 ? args[0]! : 's';
      return readNumber(value, 'leading-decimal') === 1 ? singular : plural;
    },
  },

  /** `{obj|prop a.b c}`: the literal path a.b.c inside the value. */
  prop: {
    format: (value, args) => (args.length === 0 ? value : walk(value, args.flatMap(splitPath))),
  },

  /** JSON as it is, `null` for missing; unlike `json`, nothing is escaped for script blocks. */
  raw: { args: { min: 0, max: 0 }, format: (value) => JSON.stringify(value) ?? 'null' },

  round: { args: { min: 0, max: 0 }, format: (value) => Math.round(readNumber(value, 'leading-decimal')) },

  /** Strips tags from text; empty or false values pass through unchanged. */
  safe: {
    args: { min: 0, max: 0 },
    format: (value) => (isTruthy(value) ? textOf(value).replace(TAG, '') : value),
  },

  slugify: { args: { min: 0, max: 0 }, format: (value) => slugify(textOf(value)) },
  smartypants: { args: { min: 0, max: 0 }, format: (value) => smartypants(textOf(value)) },
  str: { args: { min: 0, max: 0 }, format: (value) => textOf(value) },

  /** `truncate [length=100] [ellipsis=...]`, cutting at a word boundary; a length that is not a positive integer changes nothing. */
  truncate: {
    args: { min: 0, max: 2 },
    format: (value, args) => {
      const max = truncateLength(args[0]);
      return max === undefined ? value : truncate(textOf(value), max, args[1]);
    },
  },

  'url-encode': { format: encodeOrFail('url-encode', urlEncode) },
};
