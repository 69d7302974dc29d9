/**
 * `find-first [path]` / `find-last [path]`: the first (last) element of an
 * array, or with a path the first (last) element whose value at that path is
 * truthy. As in the reference, two arguments find nothing and a third or
 * later argument is ignored.
 */
import { childOf, isTruthy, type PathSegment, splitPath } from '../../engine/index.ts';

function valueAt(node: unknown, path: readonly PathSegment[]): unknown {
  let value = node;
  for (let i = 0; i < path.length && value !== undefined; i++) value = childOf(value, path[i]!);
  return value;
}

export function findElement(list: unknown, args: readonly string[], fromEnd: boolean): unknown {
  if (!Array.isArray(list) || list.length === 0 || args.length === 2) return undefined;
  if (args.length === 0) return fromEnd ? list[list.length - 1] : list[0];
  const path = splitPath(args[0]!);
  if (fromEnd) {
    for (let i = list.length - 1; i >= 0; i--) if (isTruthy(valueAt(list[i], path))) return list[i];
  } else {
    for (const item of list) if (isTruthy(valueAt(item, path))) return item;
  }
  return undefined;
}

/** `key-by path`: an object of the array's elements keyed by the text of their value at `path` (later ones win). */
export function keyBy(list: unknown, pathArg: string | undefined): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (!Array.isArray(list) || pathArg === undefined) return result;
  const path = splitPath(pathArg);
  for (const item of list) {
    const key = valueAt(item, path);
    if (key === undefined) continue;
    const text = String(key);
    // An own `__proto__` key would not survive as data in the reference either.
    if (text !== '__proto__') result[text] = item;
  }
  return result;
}
