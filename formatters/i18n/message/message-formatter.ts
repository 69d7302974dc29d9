/**
 * The `message` formatter (also registered as `plural`): `{msg|message a b}`
 * formats the ICU-style message in `msg` with the variables `a`, `b` as
 * arguments 0 and 1. `name=path` (or `name:path`) also names an argument,
 * which keeps its position too.
 */
import { type ExecContext, type Formatter, type PluginArgs, splitPath } from '../../../engine/index.ts';
import { safeTimeZone } from '../datetime/time-zone.ts';
import { resolveLocale } from '../locale.ts';
import { formatMessage, type MessageArgs } from './format-message.ts';
import { parseMessage } from './parse-message.ts';

const NAMED = /^([A-Za-z_][\w-]*)[=:](.+)$/;

function messageArgs(args: PluginArgs, ctx: ExecContext): MessageArgs {
  const positional: unknown[] = [];
  const named = new Map<string, unknown>();
  for (const raw of args) {
    const arg = raw.trim();
    if (arg === '') continue;
    const m = NAMED.exec(arg);
    const path = splitPath(m ? m[2]! : arg);
    const found = ctx.resolve(path);
    // "1.0" as written is plural `other` and prints as 1.0; the number 1 would be `one`.
    const value = typeof found === 'number' ? (ctx.writtenNumber(path) ?? found) : found;
    if (m) named.set(m[1]!, value);
    positional.push(value);
  }
  return { positional, named };
}

export const messageFormatter: Formatter = {
  format: (value, args, ctx) => {
    if (typeof value !== 'string') return '';
    const nodes = parseMessage(value);
    if (nodes === undefined) return value;
    return formatMessage(nodes, messageArgs(args, ctx), {
      locale: resolveLocale(ctx.locale),
      timeZone: safeTimeZone(ctx.timeZone),
    });
  },
};
