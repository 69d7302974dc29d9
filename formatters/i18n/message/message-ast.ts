/**
 * The parsed form of an ICU-style message as templates write it:
 * `The {0 selectordinal one{#st} other{#th}} item is a {1}.`
 */

/** `{0}`, `{name}`, or an argument handed to a formatter: `{0 decimal style:short}`, `{0;1 datetime-interval}`. */
export interface ArgumentNode {
  readonly kind: 'argument';
  /** Positional indexes or names, several for formatters that take more than one value. */
  readonly refs: readonly string[];
  /** Formatter name; undefined prints the value as it is. */
  readonly formatter?: string;
  readonly options: readonly string[];
}

/** `{0 plural offset:1 =0 {none} one {# item} other {# items}}` and `selectordinal`. */
export interface PluralNode {
  readonly kind: 'plural';
  readonly ordinal: boolean;
  readonly ref: string;
  readonly offset: number;
  /** `=N` branches, keyed by N as written. */
  readonly exact: ReadonlyMap<string, MessageNode[]>;
  readonly categories: ReadonlyMap<string, MessageNode[]>;
}

/** `{0 select male {He} female {She} other {They}}` */
export interface SelectNode {
  readonly kind: 'select';
  readonly ref: string;
  readonly cases: ReadonlyMap<string, MessageNode[]>;
}

/** `#` inside a plural branch: the number being pluralized. */
export interface PoundNode {
  readonly kind: 'pound';
}

export type MessageNode = string | ArgumentNode | PluralNode | SelectNode | PoundNode;
