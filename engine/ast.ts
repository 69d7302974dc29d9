/**
 * The template syntax tree. Every node carries its position; the file name
 * lives once on the compiled template. Node kinds are closed unions so that
 * handler tables typed `Record<Kind, Handler>` fail to compile when a kind is missing.
 */
import type { PathSegment } from './types.ts';

export interface Pos {
  readonly line: number;
  readonly column: number;
  readonly offset: number;
}

export type Path = readonly PathSegment[];

/** Arguments after a formatter or predicate name, with the delimiter that separated them. */
export interface Args {
  readonly list: readonly string[];
  readonly delimiter: string;
}

export interface FormatterCall {
  readonly name: string;
  readonly args: Args | null;
  readonly pos: Pos;
}

export type Block = readonly Node[];

export interface TextNode {
  readonly kind: 'text';
  readonly pos: Pos;
  readonly text: string;
}
export interface VariableNode {
  readonly kind: 'variable';
  readonly pos: Pos;
  readonly vars: readonly Path[];
  readonly formatters: readonly FormatterCall[];
}
export interface SectionNode {
  readonly kind: 'section';
  readonly pos: Pos;
  readonly path: Path;
  readonly body: Block;
  readonly alternative: OrNode | null;
}
export interface RepeatedNode {
  readonly kind: 'repeated';
  readonly pos: Pos;
  readonly path: Path;
  readonly body: Block;
  readonly alternative: OrNode | null;
  readonly alternatesWith: Block;
}
export interface PredicateNode {
  readonly kind: 'predicate';
  readonly pos: Pos;
  readonly name: string;
  readonly args: Args | null;
  readonly body: Block;
  readonly alternative: OrNode | null;
}
/** `{.or}` (name null) or `{.or name? args}`; chains through `alternative`. */
export interface OrNode {
  readonly kind: 'or';
  readonly pos: Pos;
  readonly name: string | null;
  readonly args: Args | null;
  readonly body: Block;
  readonly alternative: OrNode | null;
}
export type IfOperator = 'or' | 'and';
export interface IfNode {
  readonly kind: 'if';
  readonly pos: Pos;
  readonly operators: readonly IfOperator[];
  readonly vars: readonly Path[];
  readonly body: Block;
  readonly alternative: OrNode | null;
}
export interface BindVarNode {
  readonly kind: 'bindvar';
  readonly pos: Pos;
  readonly name: string;
  readonly vars: readonly Path[];
  readonly formatters: readonly FormatterCall[];
}
export interface CtxVarNode {
  readonly kind: 'ctxvar';
  readonly pos: Pos;
  readonly name: string;
  readonly bindings: readonly { readonly key: string; readonly path: Path }[];
}
export interface EvalNode {
  readonly kind: 'eval';
  readonly pos: Pos;
  readonly source: string;
}
export interface MacroNode {
  readonly kind: 'macro';
  readonly pos: Pos;
  readonly name: string;
  readonly body: Block;
}
export interface IncludeNode {
  readonly kind: 'include';
  readonly pos: Pos;
  readonly name: string;
  readonly args: Args;
}
export interface InjectNode {
  readonly kind: 'inject';
  readonly pos: Pos;
  readonly name: string;
  readonly path: string;
  readonly args: Args | null;
}
export interface CommentNode {
  readonly kind: 'comment';
  readonly pos: Pos;
  readonly text: string;
  readonly multiLine: boolean;
}
export interface LiteralNode {
  readonly kind: 'meta-left' | 'meta-right' | 'newline' | 'space' | 'tab';
  readonly pos: Pos;
}

export type Node =
  | TextNode
  | VariableNode
  | SectionNode
  | RepeatedNode
  | PredicateNode
  | IfNode
  | BindVarNode
  | CtxVarNode
  | EvalNode
  | MacroNode
  | IncludeNode
  | InjectNode
  | CommentNode
  | LiteralNode;

export type NodeKind = Node['kind'];
export type NodeOf<K extends NodeKind> = Extract<Node, { kind: K }>;

/** The characters that the literal instructions stand for. */
export const LITERAL_TEXT: Readonly<Record<LiteralNode['kind'], string>> = {
  'meta-left': '{',
  'meta-right': '}',
  newline: '\n',
  space: ' ',
  tab: '\t',
};
