/**
 * Social formatters read site settings "as seen from" the value they format: the
 * value's own keys first, then the template's stack (`{item|comments}` finds
 * `item.websiteSettings` before the page's). This is what the reference does.
 */
import { childOf, type ExecContext, splitPath } from '../../engine/index.ts';

/** lookupFrom(item, 'websiteSettings.disqusShortname', ctx) */
export function lookupFrom(value: unknown, path: string, ctx: ExecContext): unknown {
  const segments = splitPath(path);
  const head = childOf(value, segments[0]!);
  if (head === undefined) return ctx.lookup(path);
  let node: unknown = head;
  for (let i = 1; i < segments.length && node !== undefined; i++) node = childOf(node, segments[i]!);
  return node;
}
