/**
 * Compiles the syntax tree into closures: each node becomes a function of the
 * render context, with paths split, plugins looked up and expressions parsed
 * once. The result is immutable and can be rendered any number of times.
 */
import { type Block, LITERAL_TEXT, type Node, type NodeKind, type NodeOf, type OrNode, type Path } from './ast.ts';
import { compileExpression, evaluateExpression, formatExpressionValue } from './expr/index.ts';
import { type Exec, type RenderContext, RenderStopped } from './render-context.ts';
import type { Formatter, Predicate, Registry } from './types.ts';
import { isTruthy, toOutputString } from './values.ts';

interface CompileEnv {
  readonly registry: Registry;
}

type NodeCompiler<K extends NodeKind> = (node: NodeOf<K>, env: CompileEnv) => Exec;

const NOOP: Exec = () => {};

function block(nodes: Block, env: CompileEnv): Exec {
  const parts = nodes.map((n) => compileNode(n, env)).filter((e) => e !== NOOP);
  if (parts.length === 0) return NOOP;
  if (parts.length === 1) return parts[0]!;
  return (ctx) => {
    for (let i = 0; i < parts.length; i++) parts[i]!(ctx);
  };
}

function resolver(path: Path): (ctx: RenderContext) => unknown {
  return (ctx) => ctx.resolve(path);
}

/** Applies a formatter chain to the tag's variables; plugin failures become errors, never exceptions. */
function formatting(node: NodeOf<'variable'> | NodeOf<'bindvar'>, env: CompileEnv): (ctx: RenderContext) => unknown {
  const resolvers = node.vars.map(resolver);
  const calls = node.formatters.map((f) => ({
    name: f.name,
    args: f.args ? f.args.list : [],
    def: env.registry.formatters[f.name] as Formatter | undefined,
  }));
  const first = resolvers[0]!;
  if (calls.length === 0) return first;
  return (ctx) => {
    const values = resolvers.length === 1 ? [first(ctx)] : resolvers.map((r) => r(ctx));
    let value = values[0];
    for (const call of calls) {
      if (!call.def) return undefined;
      try {
        value = call.def.format(value, call.args, ctx, values);
      } catch (e) {
        if (e instanceof RenderStopped) throw e;
        ctx.fail('FORMATTER_FAILED', { name: call.name, detail: e instanceof Error ? e.message : String(e) });
        return undefined;
      }
      values[0] = value;
    }
    return value;
  };
}

function predicateTest(name: string, argList: readonly string[], env: CompileEnv): (ctx: RenderContext) => boolean {
  const def = env.registry.predicates[name] as Predicate | undefined;
  if (!def) return () => false;
  return (ctx) => {
    try {
      return def.test(argList, ctx) === true;
    } catch (e) {
      if (e instanceof RenderStopped) throw e;
      ctx.fail('PREDICATE_FAILED', { name, detail: e instanceof Error ? e.message : String(e) });
      return false;
    }
  };
}

function alternative(node: OrNode | null, env: CompileEnv): Exec {
  if (!node) return NOOP;
  const body = block(node.body, env);
  if (node.name === null) return body;
  const test = predicateTest(node.name, node.args ? node.args.list : [], env);
  const next = alternative(node.alternative, env);
  return (ctx) => {
    ctx.pos = node.pos;
    if (test(ctx)) body(ctx);
    else next(ctx);
  };
}

const COMPILERS: { readonly [K in NodeKind]: NodeCompiler<K> } = {
  text: (node) => {
    const text = node.text;
    return (ctx) => {
      ctx.out += text;
    };
  },
  variable: (node, env) => {
    const value = formatting(node, env);
    // A bare `{n}` prints a number as the data wrote it ("1.0") when the data kept that.
    const bare = node.formatters.length === 0 ? node.vars[0]! : undefined;
    return (ctx) => {
      ctx.pos = node.pos;
      const v = value(ctx);
      const written = bare && typeof v === 'number' ? ctx.writtenNumber(bare) : undefined;
      ctx.out += written ?? toOutputString(v);
    };
  },
  section: (node, env) => {
    const path = node.path;
    const body = block(node.body, env);
    const otherwise = alternative(node.alternative, env);
    return (ctx) => {
      const value = ctx.resolveSection(path);
      // As in the reference (Context.pushSection), the value is the frame of the .or branch too.
      ctx.push(value, -1, typeof value === 'number' ? ctx.writtenNumber(path) : undefined);
      if (isTruthy(value)) body(ctx);
      else otherwise(ctx);
      ctx.pop();
    };
  },
  repeated: (node, env) => {
    const path = node.path;
    const body = block(node.body, env);
    const between = block(node.alternatesWith, env);
    const otherwise = alternative(node.alternative, env);
    return (ctx) => {
      const list = ctx.resolveSection(path);
      if (!Array.isArray(list) || list.length === 0) {
        otherwise(ctx);
        return;
      }
      const last = list.length - 1;
      // The list is a frame of its own under its elements, as in the reference: `{0}` finds list[0].
      ctx.push(list);
      for (let i = 0; i <= last; i++) {
        ctx.checkDeadline();
        ctx.push(list[i], i);
        body(ctx);
        // The separator still sees the element before it (its @index).
        if (i < last) between(ctx);
        ctx.pop();
      }
      ctx.pop();
    };
  },
  predicate: (node, env) => {
    const test = predicateTest(node.name, node.args ? node.args.list : [], env);
    const body = block(node.body, env);
    const otherwise = alternative(node.alternative, env);
    return (ctx) => {
      ctx.pos = node.pos;
      if (test(ctx)) body(ctx);
      else otherwise(ctx);
    };
  },
  if: (node, env) => {
    const resolvers = node.vars.map(resolver);
    const operators = node.operators;
    const body = block(node.body, env);
    const otherwise = alternative(node.alternative, env);
    // Read left to right, stopping at the first operator whose outcome is already settled.
    const test = (ctx: RenderContext): boolean => {
      let result = isTruthy(resolvers[0]!(ctx));
      for (let i = 0; i < operators.length; i++) {
        if (operators[i] === 'or' ? result : !result) return result;
        result = isTruthy(resolvers[i + 1]!(ctx));
      }
      return result;
    };
    return (ctx) => {
      if (test(ctx)) body(ctx);
      else otherwise(ctx);
    };
  },
  bindvar: (node, env) => {
    const value = formatting(node, env);
    // `.var @x n` keeps how n was written ("1.0"); a formatter's result is a new value.
    const plain = node.formatters.length === 0 ? node.vars[0] : undefined;
    return (ctx) => {
      ctx.pos = node.pos;
      const v = value(ctx);
      ctx.setVar(node.name, v, plain && typeof v === 'number' ? ctx.writtenNumber(plain) : undefined);
    };
  },
  ctxvar: (node) => (ctx) => {
    const object: Record<string, unknown> = {};
    for (const { key, path } of node.bindings) {
      const value = ctx.resolve(path);
      if (value !== undefined) object[key] = value;
    }
    ctx.setVar(node.name, object);
  },
  eval: (node) => {
    // Parsed when the template is first rendered (closures are built then), like the reference;
    // a bad expression reports its issues, at the tag's position, each time it runs.
    const { expression, issues } = compileExpression(node.source);
    return (ctx) => {
      ctx.pos = node.pos;
      if (!ctx.settings.enableExpressions) {
        ctx.fail('EXPR_DISABLED');
        return;
      }
      for (const issue of issues) ctx.error(issue.code, issue.message);
      const result = evaluateExpression(expression, ctx);
      for (const issue of result.issues) ctx.error(issue.code, issue.message);
      if (result.value !== undefined) ctx.out += formatExpressionValue(result.value);
    };
  },
  macro: (node, env) => {
    const body = block(node.body, env);
    return (ctx) => ctx.defineMacro(node.name, body);
  },
  include: (node) => {
    const output = node.args.list.includes('output');
    return (ctx) => {
      ctx.pos = node.pos;
      if (!ctx.settings.enableInclude) {
        ctx.fail('INCLUDE_DISABLED');
        return;
      }
      const run = ctx.findPartial(node.name);
      if (!run) {
        ctx.fail('UNKNOWN_PARTIAL', { name: node.name });
        return;
      }
      const saved = ctx.out;
      ctx.out = '';
      ctx.withPartialDepth(node.name, () => run(ctx));
      ctx.out = output ? saved + ctx.out : saved;
    };
  },
  inject: (node) => (ctx) => {
    ctx.pos = node.pos;
    const raw = ctx.settings.injects[node.path];
    if (raw === undefined) {
      ctx.fail('UNKNOWN_INJECT', { name: node.path });
      ctx.setVar(node.name, undefined);
      return;
    }
    try {
      ctx.setVar(node.name, JSON.parse(raw));
    } catch {
      ctx.fail('BAD_INJECT', { name: node.path });
      ctx.setVar(node.name, undefined);
    }
  },
  comment: () => NOOP,
  'meta-left': literal,
  'meta-right': literal,
  newline: literal,
  space: literal,
  tab: literal,
};

function literal(node: NodeOf<'meta-left' | 'meta-right' | 'newline' | 'space' | 'tab'>): Exec {
  const text = LITERAL_TEXT[node.kind];
  return (ctx) => {
    ctx.out += text;
  };
}

function compileNode(node: Node, env: CompileEnv): Exec {
  return (COMPILERS[node.kind] as NodeCompiler<NodeKind>)(node as never, env);
}

/** compileBlock(parseTemplate(src).body, registry) → a function that renders it into a RenderContext. */
export function compileBlock(body: Block, registry: Registry): Exec {
  return block(body, { registry });
}
