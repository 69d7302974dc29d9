/**
 * `{value|apply NAME [private] [key=value ...]}` renders a partial or macro
 * with the value as `@`. `private` hides the enclosing stack and variables
 * from it; `key=value` words become the partial's `@args` object (strings;
 * the last one of a key wins); `private` alone gives an empty `@args`.
 * Other words are ignored.
 */
import type { ExecContext, JsonValue, PartialOptions } from '../../engine/index.ts';

export interface ApplyCall {
  readonly name: string;
  readonly options: PartialOptions;
}

export function parseApplyArgs(args: readonly string[]): ApplyCall | undefined {
  const name = args[0];
  if (name === undefined || name === '') return undefined;
  let isPrivate = false;
  let named: Record<string, string> | undefined;
  for (let i = 1; i < args.length; i++) {
    const word = args[i]!;
    const eq = word.indexOf('=');
    if (eq !== -1) {
      named ??= Object.create(null) as Record<string, string>;
      named[word.slice(0, eq)] = word.slice(eq + 1);
    } else if (word === 'private') {
      isPrivate = true;
    }
  }
  if (isPrivate) named ??= Object.create(null) as Record<string, string>;
  const options: PartialOptions = named ? { private: isPrivate, args: { ...named } } : {};
  return { name, options };
}

export function applyPartial(call: ApplyCall, value: JsonValue, ctx: ExecContext): string {
  return ctx.renderPartial(call.name, value, call.options) ?? '';
}
