/**
 * Which tag data a render of a template will ask for, worked out before the
 * render so it can be fetched in one go. The template's syntax tree is walked
 * into the partials it applies and the tags it holds. A literal attribute is
 * known from the source; one written with template syntax is rendered against
 * the page context in the scope where the tag stands, as far as that scope can
 * be followed without rendering (through `.section`s; not inside repeated
 * sections, macros or tag content, whose data is per item or not fetched yet).
 * A request missed here is not lost: the render reports it and a second pass
 * fetches it. An extra request costs a fetch, never a wrong page.
 */
import {
  type Block,
  type CompiledTemplate,
  childOf,
  isTruthy,
  type NodeKind,
  type NodeOf,
  type Path,
} from '../../engine/index.ts';
import { requestKey, type TagDataRequest } from './tag-data.ts';
import { TAG_FORMATTER } from './tag-entry.ts';
import { blockPartialName, checkAttributeValues, TAG_DEFINITIONS } from './tag-kinds.ts';
import type { TemplatePackage } from './template-package.ts';

/** The frames from the page context inward; null where they cannot be known before rendering. */
type Scope = readonly unknown[] | null;

const UNKNOWN = Symbol('unknown');

/** Same bound as the engine's partial depth: deeper applies would not render either. */
const MAX_DEPTH = 16;
/** Nodes walked at most: planning stays cheap even for partials that apply each other many times. */
const MAX_NODES = 50_000;

type OrNode = NonNullable<NodeOf<'section'>['alternative']>;

type Visitor<K extends NodeKind> = (node: NodeOf<K>, scope: Scope, planner: Planner) => void;

const nothing = (): void => {};

const VISITORS: { readonly [K in NodeKind]: Visitor<K> } = {
  text: nothing,
  comment: nothing,
  'meta-left': nothing,
  'meta-right': nothing,
  newline: nothing,
  space: nothing,
  tab: nothing,
  eval: nothing,
  ctxvar: nothing,
  inject: nothing,
  variable: (node, scope, planner) => planner.formatters(node, scope),
  bindvar: (node, scope, planner) => planner.formatters(node, scope),
  section: (node, scope, planner) => {
    const value = scope === null ? UNKNOWN : resolve(scope, node.path);
    if (value === UNKNOWN || scope === null) {
      planner.block(node.body, null);
      planner.alternative(node.alternative, null);
    } else if (isTruthy(value)) {
      planner.block(node.body, [...scope, value]);
    } else {
      planner.alternative(node.alternative, scope);
    }
  },
  repeated: (node, scope, planner) => {
    const value = scope === null ? UNKNOWN : resolve(scope, node.path);
    const entered = value === UNKNOWN || (Array.isArray(value) && value.length > 0);
    if (entered) {
      planner.block(node.body, null);
      planner.block(node.alternatesWith, null);
    }
    if (value === UNKNOWN || !entered) planner.alternative(node.alternative, scope);
  },
  predicate: (node, scope, planner) => {
    planner.block(node.body, scope);
    planner.alternative(node.alternative, scope);
  },
  if: (node, scope, planner) => {
    planner.block(node.body, scope);
    planner.alternative(node.alternative, scope);
  },
  macro: (node, _scope, planner) => planner.block(node.body, null),
  include: (node, scope, planner) => planner.partial(node.name, scope),
};

/** Looks a path up the frames the way the engine does; UNKNOWN for variables only a render has. */
function resolve(scope: readonly unknown[], path: Path): unknown {
  const head = path[0]!;
  let value: unknown;
  if (head === '@') {
    value = scope[scope.length - 1];
  } else if (typeof head === 'string' && head.startsWith('@')) {
    return UNKNOWN;
  } else {
    for (let i = scope.length - 1; i >= 0 && value === undefined; i--) value = childOf(scope[i], head);
  }
  for (let i = 1; i < path.length && value !== undefined; i++) value = childOf(value, path[i]!);
  return value;
}

/**
 * One object that answers lookups as the frames would (inner keys win). Exact for
 * the first segment of a path when every frame is an object; otherwise unknown.
 */
function flatten(scope: readonly unknown[]): unknown {
  if (scope.length === 1) return scope[0];
  if (!scope.every((f) => f !== null && typeof f === 'object' && !Array.isArray(f))) return UNKNOWN;
  return Object.assign({}, ...scope);
}

const isSelf = (path: Path): boolean => path.length === 1 && path[0] === '@';

class Planner {
  readonly requests = new Map<string, TagDataRequest>();
  private readonly visitedWithoutScope = new Set<string>();
  /** Partials being walked: one that applies itself is walked again only without a scope. */
  private readonly active = new Set<string>();
  private depth = 0;
  private budget = MAX_NODES;

  private readonly pkg: TemplatePackage;
  constructor(pkg: TemplatePackage) {
    this.pkg = pkg;
  }

  block(nodes: Block, scope: Scope): void {
    for (const node of nodes) {
      if (--this.budget < 0) return;
      (VISITORS[node.kind] as Visitor<NodeKind>)(node as never, scope, this);
    }
  }

  alternative(node: OrNode | null, scope: Scope): void {
    for (let or = node; or !== null; or = or.alternative) this.block(or.body, scope);
  }

  formatters(node: NodeOf<'variable'> | NodeOf<'bindvar'>, scope: Scope): void {
    node.formatters.forEach((f, i) => {
      const first = f.args?.list[0];
      if (first === undefined) return;
      if (f.name === TAG_FORMATTER) {
        this.tag(first, scope);
      } else if (f.name === 'apply') {
        // Only the first formatter sees the variable itself; later ones get a formatted value.
        const path = node.vars[0]!;
        let inner: Scope = null;
        if (i === 0 && scope !== null) {
          const value = isSelf(path) ? scope[scope.length - 1] : resolve(scope, path);
          inner = value === UNKNOWN ? null : [...scope, value];
        }
        this.partial(first, inner);
      }
    });
  }

  partial(name: string, given: Scope): void {
    if (!Object.hasOwn(this.pkg.partials, name) || this.depth >= MAX_DEPTH) return;
    const scope = this.active.has(name) ? null : given;
    if (scope === null) {
      if (this.visitedWithoutScope.has(name)) return;
      this.visitedWithoutScope.add(name);
    }
    this.depth++;
    this.active.add(name);
    this.block(this.pkg.partials[name]!.body, scope);
    this.active.delete(name);
    this.depth--;
  }

  tag(id: string, scope: Scope): void {
    const entry = this.pkg.tags.get(id);
    if (entry === undefined) return;
    const data = scope === null ? UNKNOWN : flatten(scope);
    const values: Record<string, string> = Object.create(null);
    let known = true;
    for (const [name, attribute] of entry.attributes) {
      if (attribute.kind === 'static') {
        values[name] = attribute.value;
      } else if (data === UNKNOWN) {
        known = false;
      } else {
        const rendered = this.pkg.engine.render(this.pkg.partials[attribute.partial]!, data, {
          partials: this.pkg.partials,
        });
        values[name] = rendered.output;
      }
    }
    if (known && checkAttributeValues(entry.kind, values).length === 0) {
      const request = TAG_DEFINITIONS[entry.kind].request(values);
      if (request !== undefined) this.requests.set(requestKey(request), request);
      const template = values.template;
      if (template !== undefined && template !== '') this.partial(blockPartialName(template), null);
    }
    if (entry.body !== null) this.partial(entry.body, null);
  }
}

/**
 * planTagData(pkg, layout.template, pageContext)
 * → [{ kind: 'navigation', navigationId: 'mainNav' }, { kind: 'query', collection: 'blog', … }]
 */
export function planTagData(pkg: TemplatePackage, template: CompiledTemplate, context: unknown): TagDataRequest[] {
  const planner = new Planner(pkg);
  planner.block(template.body, [context]);
  return [...planner.requests.values()];
}
