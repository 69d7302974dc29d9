/**
 * The numeric interchange form of a compiled template (the opcode arrays that
 * the reference compilers emit), so compiled templates can be cached and
 * exchanged: `[17, 1, [...instructions], 18]`.
 */
import type { Args, Block, FormatterCall, IfOperator, Node, NodeKind, NodeOf, OrNode, Path } from './ast.ts';
import { NO_POS } from './template-error.ts';

export const OPCODE = {
  TEXT: 0,
  VARIABLE: 1,
  SECTION: 2,
  END: 3,
  REPEATED: 4,
  PREDICATE: 5,
  BINDVAR: 6,
  OR_PREDICATE: 7,
  IF: 8,
  INJECT: 9,
  MACRO: 10,
  COMMENT: 11,
  META_LEFT: 12,
  META_RIGHT: 13,
  NEWLINE: 14,
  SPACE: 15,
  TAB: 16,
  ROOT: 17,
  EOF: 18,
  CTXVAR: 22,
  EVAL: 23,
  INCLUDE: 24,
} as const;

const IF_OPERATOR: Readonly<Record<IfOperator, number>> = { or: 0, and: 1 };
const VERSION = 1;

type Json = unknown;

const args = (a: Args | null): Json => (a ? [[...a.list], a.delimiter] : 0);
const formatters = (list: readonly FormatterCall[]): Json =>
  list.length === 0 ? 0 : list.map((f) => (f.args ? [f.name, args(f.args)] : [f.name]));
const path = (p: Path): Json => [...p];
const or = (node: OrNode | null): Json =>
  node
    ? [OPCODE.OR_PREDICATE, node.name ?? 0, node.name ? args(node.args) : 0, toBlock(node.body), or(node.alternative)]
    : OPCODE.END;

const EXPORTERS: { readonly [K in NodeKind]: (node: NodeOf<K>) => Json } = {
  text: (n) => [OPCODE.TEXT, n.text],
  variable: (n) => [OPCODE.VARIABLE, n.vars.map(path), formatters(n.formatters)],
  section: (n) => [OPCODE.SECTION, path(n.path), toBlock(n.body), or(n.alternative)],
  repeated: (n) => [OPCODE.REPEATED, path(n.path), toBlock(n.body), or(n.alternative), toBlock(n.alternatesWith)],
  predicate: (n) => [OPCODE.PREDICATE, n.name, args(n.args), toBlock(n.body), or(n.alternative)],
  if: (n) => [OPCODE.IF, n.operators.map((o) => IF_OPERATOR[o]), n.vars.map(path), toBlock(n.body), or(n.alternative)],
  bindvar: (n) => [OPCODE.BINDVAR, n.name, n.vars.map(path), formatters(n.formatters)],
  ctxvar: (n) => [OPCODE.CTXVAR, n.name, n.bindings.map((b) => [b.key, path(b.path)])],
  eval: (n) => [OPCODE.EVAL, n.source],
  macro: (n) => [OPCODE.MACRO, n.name, toBlock(n.body)],
  include: (n) => [OPCODE.INCLUDE, n.name, args(n.args)],
  inject: (n) => [OPCODE.INJECT, n.name, n.path, args(n.args)],
  comment: (n) => [OPCODE.COMMENT, n.text, n.multiLine ? 1 : 0],
  'meta-left': () => OPCODE.META_LEFT,
  'meta-right': () => OPCODE.META_RIGHT,
  newline: () => OPCODE.NEWLINE,
  space: () => OPCODE.SPACE,
  tab: () => OPCODE.TAB,
};

function toBlock(body: Block): Json[] {
  return body.map((n) => (EXPORTERS[n.kind] as (node: Node) => Json)(n));
}

/** exportInterchange(body) → [17, 1, [...], 18] */
export function exportInterchange(body: Block): Json {
  return [OPCODE.ROOT, VERSION, toBlock(body), OPCODE.EOF];
}

/** Thrown only inside this module and turned into one BAD_INTERCHANGE error by importInterchange. */
class Malformed extends Error {}

function fail(what: string, value: unknown): never {
  throw new Malformed(`${what}: ${JSON.stringify(value)?.slice(0, 80)}`);
}

const isString = (v: unknown): v is string => typeof v === 'string';

function readPath(v: unknown): Path {
  if (!Array.isArray(v) || v.length === 0 || !v.every((s) => isString(s) || Number.isInteger(s))) {
    fail('expected a variable path', v);
  }
  return v as Path;
}

function readArgs(v: unknown): Args | null {
  if (v === 0 || v === null) return null;
  if (!Array.isArray(v) || v.length !== 2 || !Array.isArray(v[0]) || !v[0].every(isString) || !isString(v[1])) {
    fail('expected [arguments, delimiter]', v);
  }
  return { list: v[0] as string[], delimiter: v[1] as string };
}

function readFormatters(v: unknown): FormatterCall[] {
  if (v === 0 || v === null) return [];
  if (!Array.isArray(v)) fail('expected formatters', v);
  return v.map((f) => {
    if (!Array.isArray(f) || !isString(f[0]) || f.length > 2) fail('expected a formatter', f);
    return { name: f[0] as string, args: readArgs(f[1] ?? 0), pos: NO_POS };
  });
}

function readOr(v: unknown, depth: number): OrNode | null {
  if (v === OPCODE.END || v === null) return null;
  if (!Array.isArray(v) || v[0] !== OPCODE.OR_PREDICATE) fail('expected an or-predicate or END', v);
  const name = v[1] === 0 ? null : v[1];
  if (name !== null && !isString(name)) fail('expected a predicate name', v[1]);
  return {
    kind: 'or',
    pos: NO_POS,
    name,
    args: name === null ? null : readArgs(v[2]),
    body: readBlock(v[3], depth + 1),
    alternative: readOr(v[4], depth + 1),
  };
}

const BARE: Readonly<Record<number, NodeOf<'meta-left' | 'meta-right' | 'newline' | 'space' | 'tab'>['kind']>> = {
  [OPCODE.META_LEFT]: 'meta-left',
  [OPCODE.META_RIGHT]: 'meta-right',
  [OPCODE.NEWLINE]: 'newline',
  [OPCODE.SPACE]: 'space',
  [OPCODE.TAB]: 'tab',
};

const IMPORTERS: Readonly<Record<number, (v: unknown[], depth: number) => Node>> = {
  [OPCODE.TEXT]: (v) => ({ kind: 'text', pos: NO_POS, text: isString(v[1]) ? v[1] : fail('expected text', v) }),
  [OPCODE.VARIABLE]: (v) => ({
    kind: 'variable',
    pos: NO_POS,
    vars: Array.isArray(v[1]) && v[1].length > 0 ? v[1].map(readPath) : fail('expected variables', v),
    formatters: readFormatters(v[2]),
  }),
  [OPCODE.SECTION]: (v, d) => ({
    kind: 'section',
    pos: NO_POS,
    path: readPath(v[1]),
    body: readBlock(v[2], d),
    alternative: readOr(v[3], d),
  }),
  [OPCODE.REPEATED]: (v, d) => ({
    kind: 'repeated',
    pos: NO_POS,
    path: readPath(v[1]),
    body: readBlock(v[2], d),
    alternative: readOr(v[3], d),
    alternatesWith: v[4] === undefined ? [] : readBlock(v[4], d),
  }),
  [OPCODE.PREDICATE]: (v, d) => ({
    kind: 'predicate',
    pos: NO_POS,
    name: isString(v[1]) ? v[1] : fail('expected a predicate name', v),
    args: readArgs(v[2]),
    body: readBlock(v[3], d),
    alternative: readOr(v[4], d),
  }),
  [OPCODE.IF]: (v, d) => {
    const ops = Array.isArray(v[1]) ? v[1] : fail('expected operators', v);
    const vars = Array.isArray(v[2]) ? v[2].map(readPath) : fail('expected variables', v);
    if (vars.length !== ops.length + 1) fail('expected one more variable than operators', v);
    return {
      kind: 'if',
      pos: NO_POS,
      operators: ops.map((o): IfOperator => (o === 0 ? 'or' : o === 1 ? 'and' : fail('expected 0 or 1', o))),
      vars,
      body: readBlock(v[3], d),
      alternative: readOr(v[4], d),
    };
  },
  [OPCODE.BINDVAR]: (v) => ({
    kind: 'bindvar',
    pos: NO_POS,
    name: isString(v[1]) ? v[1] : fail('expected a variable name', v),
    vars: Array.isArray(v[2]) && v[2].length > 0 ? v[2].map(readPath) : fail('expected variables', v),
    formatters: readFormatters(v[3]),
  }),
  [OPCODE.CTXVAR]: (v) => ({
    kind: 'ctxvar',
    pos: NO_POS,
    name: isString(v[1]) ? v[1] : fail('expected a variable name', v),
    bindings: (Array.isArray(v[2]) ? v[2] : fail('expected bindings', v)).map((b) =>
      Array.isArray(b) && isString(b[0]) ? { key: b[0], path: readPath(b[1]) } : fail('expected a binding', b),
    ),
  }),
  [OPCODE.EVAL]: (v) => ({ kind: 'eval', pos: NO_POS, source: isString(v[1]) ? v[1] : fail('expected source', v) }),
  [OPCODE.MACRO]: (v, d) => ({
    kind: 'macro',
    pos: NO_POS,
    name: isString(v[1]) ? v[1] : fail('expected a macro name', v),
    body: readBlock(v[2], d),
  }),
  [OPCODE.INCLUDE]: (v) => ({
    kind: 'include',
    pos: NO_POS,
    name: isString(v[1]) ? v[1] : fail('expected a partial name', v),
    args: readArgs(v[2]) ?? { list: [], delimiter: ' ' },
  }),
  [OPCODE.INJECT]: (v) => ({
    kind: 'inject',
    pos: NO_POS,
    name: isString(v[1]) ? v[1] : fail('expected a variable name', v),
    path: isString(v[2]) ? v[2] : fail('expected an injectable name', v),
    args: readArgs(v[3] ?? 0),
  }),
  [OPCODE.COMMENT]: (v) => ({
    kind: 'comment',
    pos: NO_POS,
    text: isString(v[1]) ? v[1] : fail('expected comment text', v),
    multiLine: v[2] === 1,
  }),
};

const MAX_DEPTH = 500;

function readBlock(v: unknown, depth: number): Block {
  if (depth > MAX_DEPTH) fail('nested too deep', '');
  if (!Array.isArray(v)) fail('expected a block', v);
  return v.map((inst): Node => {
    if (typeof inst === 'number') {
      const kind = BARE[inst];
      return kind ? { kind, pos: NO_POS } : fail('unknown opcode', inst);
    }
    if (!Array.isArray(inst)) fail('expected an instruction', inst);
    const importer = IMPORTERS[inst[0] as number];
    return importer ? importer(inst, depth + 1) : fail('unknown opcode', inst[0]);
  });
}

/** importInterchange([17, 1, [[0, "hi"]], 18]) → { body: [text node] } or { error } */
export function importInterchange(json: unknown): { body: Block } | { error: string } {
  try {
    if (!Array.isArray(json) || json[0] !== OPCODE.ROOT || json[3] !== OPCODE.EOF)
      fail('expected [17, 1, [...], 18]', json);
    return { body: readBlock(json[2], 0) };
  } catch (e) {
    if (e instanceof Malformed) return { error: e.message };
    throw e;
  }
}
