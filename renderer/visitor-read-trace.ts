/**
 * What a page's render reads of the asking visitor's own values (today their
 * cart), so that a shopper's page can be kept and shared like an anonymous
 * one. The render sees those values through a proxy that writes down every
 * read: a property's value, whether a key is there, which keys there are.
 * A render is a pure function of its context, so a second visitor whose
 * values answer every one of those reads the same way gets the same page
 * from the same template and content, whatever else differs between the
 * two: every shopper with three items shares the product page that shows
 * "3" in the header, while a page that prints the cart's id is kept for that
 * cart alone. The answers, in the order of the reads, are the key.
 */

type Path = readonly string[];

export interface Read {
  kind: 'value' | 'has' | 'own' | 'keys';
  path: Path;
}

/** The reads of one render, each once, in the order first made. */
export type ReadShape = readonly Read[];

const isPlain = (value: object): boolean => {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** A value as one read saw it: a primitive with its type, or only what kind of container it is (its insides are reads of their own). */
function summary(value: unknown): string {
  if (value === null) return 'n';
  switch (typeof value) {
    case 'undefined':
      return 'u';
    case 'string':
      return `s${JSON.stringify(value)}`;
    case 'number':
    case 'bigint':
    case 'boolean':
      return `${typeof value}:${String(value)}`;
    case 'object':
      if (Array.isArray(value)) return 'a';
      return isPlain(value) ? 'o' : `x:${Object.prototype.toString.call(value)}`;
    default:
      // Functions: only ever inherited here (a JSON value has none of its own), the same for every visitor.
      return typeof value;
  }
}

/** What a read answers on the visitor's plain values: the walk a traced render makes, without the proxy. */
function answer(root: unknown, read: Read): string {
  const walked = read.kind === 'has' || read.kind === 'own' ? read.path.slice(0, -1) : read.path;
  let current: unknown = root;
  for (const key of walked) {
    if (current === null || typeof current !== 'object') return '!';
    current = (current as Record<string, unknown>)[key];
  }
  if (read.kind === 'value') return summary(current);
  if (current === null || typeof current !== 'object') return '!';
  const last = read.path.at(-1)!;
  switch (read.kind) {
    case 'has':
      return String(last in current);
    case 'own':
      return String(Object.hasOwn(current, last));
    case 'keys':
      return JSON.stringify(Reflect.ownKeys(current));
  }
}

/** The key part for values under a shape: every read's answer, in order. */
export function visitorFingerprint(root: unknown, shape: ReadShape): string {
  return shape.map((read) => answer(root, read)).join('\u0001');
}

/**
 * Records one render's reads of a root value. `opaque` is set when the
 * render did something a shape cannot repeat (wrote to the values, or read
 * an object that is not plain JSON); such a page is not kept.
 */
export class ReadTrace {
  readonly #reads = new Map<string, Read>();
  #opaque = false;

  get shape(): ReadShape {
    return [...this.#reads.values()];
  }

  get opaque(): boolean {
    return this.#opaque;
  }

  #record(kind: Read['kind'], path: Path): void {
    const id = `${kind}\u0001${path.join('\u0000')}`;
    if (!this.#reads.has(id)) this.#reads.set(id, { kind, path });
  }

  /** The root value as the render should see it: the same value, its every read recorded. */
  root(value: unknown): unknown {
    this.#record('value', []);
    return this.#wrap(value, []);
  }

  #wrap(value: unknown, path: Path): unknown {
    if (value === null || typeof value !== 'object') return value;
    if (!isPlain(value)) {
      this.#opaque = true;
      return value;
    }
    const trace = this;
    return new Proxy(value, {
      get(target, key, receiver) {
        const found = Reflect.get(target, key, receiver);
        // Symbol keys are the prototype's (iteration, conversion): the same for every plain value.
        if (typeof key === 'symbol') return found;
        trace.#record('value', [...path, key]);
        return trace.#wrap(found, [...path, key]);
      },
      has(target, key) {
        if (typeof key !== 'symbol') trace.#record('has', [...path, key]);
        return Reflect.has(target, key);
      },
      ownKeys(target) {
        trace.#record('keys', path);
        return Reflect.ownKeys(target);
      },
      // Asked by for-in, spreads and Object.entries, which then read each value with get; a value read from the
      // descriptor itself would not be recorded, and nothing in the engine or the plugins reads one so.
      getOwnPropertyDescriptor(target, key) {
        const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
        if (typeof key === 'symbol') return descriptor;
        trace.#record('own', [...path, key]);
        return descriptor;
      },
      // A render that writes to the values is still served as it was, but its page depends on more than its reads.
      set(target, key, value, receiver) {
        trace.#opaque = true;
        return Reflect.set(target, key, value, receiver);
      },
      defineProperty(target, key, descriptor) {
        trace.#opaque = true;
        return Reflect.defineProperty(target, key, descriptor);
      },
      deleteProperty(target, key) {
        trace.#opaque = true;
        return Reflect.deleteProperty(target, key);
      },
    });
  }
}
