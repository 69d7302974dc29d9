/**
 * Evaluates a parsed message against its arguments. Arguments handed to a
 * formatter (`{0 decimal style:short}`, `{0 money}`, `{0;1 datetime-interval}`,
 * `{0 unit in:byte}`) are formatted with the same code as the template
 * formatters, so a value reads the same inside and outside a message.
 */

import { parseMoneyWithCurrency } from '../../../domain/money/money.ts';
import { dateTimeOptions, formatDateTime } from '../datetime/datetime.ts';
import { toEpoch } from '../datetime/epoch.ts';
import { formatInterval, intervalOptions } from '../datetime/interval.ts';
import { formatMoneyStyle, moneyOptions } from '../money.ts';
import { formatNumber, numberOptions } from '../number-format.ts';
import { parseOptions } from '../options.ts';
import { pluralCategory } from '../plural.ts';
import { formatUnitValue } from '../units/unit-formatter.ts';
import type { ArgumentNode, MessageNode, PluralNode } from './message-ast.ts';
import { exactMatch, offsetNumber, pluralNumber, printValue } from './message-values.ts';

export interface MessageArgs {
  readonly positional: readonly unknown[];
  readonly named: ReadonlyMap<string, unknown>;
}

export interface MessageEnv {
  readonly locale: string;
  readonly timeZone: string;
}

function argument(args: MessageArgs, ref: string): unknown {
  if (/^\d+$/.test(ref)) return args.positional[Number(ref)];
  return args.named.get(ref);
}

/** Whether the template passed argument `ref` at all (its value may still be missing). */
function provided(args: MessageArgs, ref: string): boolean {
  return /^\d+$/.test(ref) ? Number(ref) < args.positional.length : args.named.has(ref);
}

type ArgFormatter = (node: ArgumentNode, args: MessageArgs, env: MessageEnv) => string;

const first = (node: ArgumentNode, args: MessageArgs): unknown => argument(args, node.refs[0]!);

const FORMATTERS: Record<string, ArgFormatter> = {
  decimal: (node, args, env) => {
    if (!provided(args, node.refs[0]!)) return '';
    // A given argument reads as `#` reads it: its amount, 0 when it is not a number (as in the reference).
    const d = pluralNumber(first(node, args));
    // Unlike the `decimal` formatter, message numbers are grouped unless told otherwise.
    return formatNumber(d, env.locale, numberOptions(parseOptions(node.options), true));
  },
  money: (node, args, env) => {
    const m = parseMoneyWithCurrency(first(node, args));
    return m === undefined ? '' : formatMoneyStyle(m, env.locale, moneyOptions(parseOptions(node.options)));
  },
  datetime: (node, args, env) => {
    const t = toEpoch(first(node, args));
    return t === undefined
      ? ''
      : formatDateTime(t, env.locale, env.timeZone, dateTimeOptions(parseOptions(node.options)));
  },
  'datetime-interval': (node, args, env) => {
    const s = toEpoch(first(node, args));
    const e = toEpoch(node.refs[1] === undefined ? undefined : argument(args, node.refs[1]));
    if (s === undefined || e === undefined) return '';
    return formatInterval(s, e, env.locale, env.timeZone, intervalOptions(parseOptions(node.options)));
  },
  unit: (node, args, env) => formatUnitValue(first(node, args), parseOptions(node.options), env.locale),
};
FORMATTERS.number = FORMATTERS.decimal!;
FORMATTERS.currency = FORMATTERS.money!;

/** formatMessage(parseMessage('Hi {0}')!, { positional: ['Bob'], named: new Map() }, env) → 'Hi Bob' */
export function formatMessage(nodes: readonly MessageNode[], args: MessageArgs, env: MessageEnv): string {
  return evaluate(nodes, args, env, undefined);
}

function evaluate(
  nodes: readonly MessageNode[],
  args: MessageArgs,
  env: MessageEnv,
  pound: string | undefined,
): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') out += node;
    else if (node.kind === 'pound') out += pound ?? '#';
    else if (node.kind === 'argument') {
      if (node.formatter === undefined) out += printValue(argument(args, node.refs[0]!));
      else out += FORMATTERS[node.formatter]?.(node, args, env) ?? '';
    } else if (node.kind === 'plural') out += plural(node, args, env);
    else {
      const key = printValue(argument(args, node.ref));
      const branch = node.cases.get(key) ?? node.cases.get('other');
      if (branch) out += evaluate(branch, args, env, pound);
    }
  }
  return out;
}

function plural(node: PluralNode, args: MessageArgs, env: MessageEnv): string {
  const text = pluralNumber(argument(args, node.ref));
  let branch: readonly MessageNode[] | undefined;
  for (const [key, nodes] of node.exact) {
    if (exactMatch(text, key)) {
      branch = nodes;
      break;
    }
  }
  const shown = offsetNumber(text, node.offset);
  if (branch === undefined) {
    const category = pluralCategory(shown, env.locale, node.ordinal ? 'ordinal' : 'cardinal');
    branch = node.categories.get(category) ?? node.categories.get('other');
  }
  return branch ? evaluate(branch, args, env, shown) : '';
}
