/**
 * Argument lookups for `get` and `lookup`. The reference resolves their
 * variable arguments as if the tag's value were pushed as the innermost
 * frame: `{obj|lookup key}` finds `key`'s text among obj's own fields first,
 * then up the stack. ExecContext has no push, so the value is consulted here
 * before the context. `@`-paths (`@`, `@index`, `@var`) go to the context,
 * which keeps `{.var @x obj|get @.id}` reading the current node.
 */
import { childOf, type ExecContext, type PathSegment, splitPath } from '../../engine/index.ts';

export function resolveFromValue(path: readonly PathSegment[], value: unknown, ctx: ExecContext): unknown {
  const head = path[0];
  if (head === undefined) return undefined;
  if (typeof head === 'string' && head.charCodeAt(0) === 64 /* @ */) return ctx.resolve(path);
  let found = childOf(value, head);
  if (found === undefined) return ctx.resolve(path);
  for (let i = 1; i < path.length && found !== undefined; i++) found = childOf(found, path[i]!);
  return found;
}

/** A dotted reference ('a.b.0') resolved against the value, then the context. */
export function lookupFromValue(reference: string, value: unknown, ctx: ExecContext): unknown {
  return resolveFromValue(splitPath(reference), value, ctx);
}

/** A key for a child lookup: text and numbers as they are, booleans as their text, anything else none. */
export function keyOf(value: unknown): string | number | undefined {
  switch (typeof value) {
    case 'string':
    case 'number':
      return value;
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return undefined;
  }
}
