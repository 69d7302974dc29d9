/**
 * Visitors: cookie jars filled only by the server's Set-Cookie headers, so
 * the crumb a write echoes is always the one the server set (its format may
 * change; the probe never makes one up), each with a client address of its
 * own. The pool spreads requests over visitors because the server limits
 * writes, new carts and checkouts per cart and per address; without that,
 * most bad inputs would stop at the rate limit instead of reaching the
 * handlers.
 */
import { visitorAddress } from './client-addresses.ts';
import { PROBE_LIMITS } from './limits.ts';

export type Budget = keyof typeof PROBE_LIMITS.visitorBudget;

export const CRUMB_COOKIE = 'crumb';

export class Visitor {
  readonly jar = new Map<string, string>();
  /** Entry ids of the visitor's cart, as the last cart answer listed them. */
  entryIds: string[] = [];
  /** A visitor whose cart may be gone (bought, emptied) is not handed out again. */
  retired = false;
  /** The client address its requests come from (X-Forwarded-For). */
  readonly address = visitorAddress();
  private readonly spent = new Map<Budget, number>();

  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }

  get crumb(): string | undefined {
    return this.jar.get(CRUMB_COOKIE);
  }

  /** The Cookie header, optionally without some cookies or with some replaced. */
  cookieHeader(change: Record<string, string | undefined> = {}): string {
    const jar = new Map(this.jar);
    for (const [name, value] of Object.entries(change)) {
      if (value === undefined) jar.delete(name);
      else jar.set(name, value);
    }
    return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Takes the cookies a response set; an expired or empty one is removed. */
  absorb(setCookie: string | string[] | undefined): void {
    for (const line of typeof setCookie === 'string' ? [setCookie] : (setCookie ?? [])) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.split('=').map((s) => s.trim().toLowerCase());
        return (key === 'max-age' && Number(val) <= 0) || (key === 'expires' && Date.parse(val) < Date.now());
      });
      if (expired || value === '') {
        // The cart was bought or dropped: entry ids and the write budget no longer hold.
        if (this.jar.has(name) && name !== CRUMB_COOKIE) this.retired = true;
        this.jar.delete(name);
      } else {
        this.jar.set(name, value);
      }
    }
  }

  /** Reads entry ids from a cart answer ({ shoppingCart: { entries } } or the cart itself). */
  absorbCart(body: string): void {
    try {
      const parsed = JSON.parse(body) as { shoppingCart?: { entries?: { id?: unknown }[] }; entries?: unknown };
      const cart = parsed.shoppingCart ?? (parsed as { entries?: { id?: unknown }[] });
      if (Array.isArray(cart.entries)) {
        this.entryIds = cart.entries.map((e) => e.id).filter((id): id is string => typeof id === 'string');
      }
    } catch {
      // Not a cart answer; the ids stay as they were.
    }
  }

  budgetLeft(budget: Budget): number {
    return PROBE_LIMITS.visitorBudget[budget] - (this.spent.get(budget) ?? 0);
  }

  spend(budget: Budget): void {
    this.spent.set(budget, (this.spent.get(budget) ?? 0) + 1);
  }
}

export class VisitorPool {
  private readonly visitors: Visitor[] = [];
  private creating: Promise<Visitor> | undefined;
  private nextReader = 0;

  /** `create` loads a page (for the crumb) and, when asked, puts something in the visitor's cart. */
  private readonly create: (withCart: boolean) => Promise<Visitor>;
  constructor(create: (withCart: boolean) => Promise<Visitor>) {
    this.create = create;
  }

  get size(): number {
    return this.visitors.length;
  }

  /** A visitor with budget left for each of these kinds of request; the request is counted against it. */
  async forWrite(...budgets: Budget[]): Promise<Visitor> {
    for (;;) {
      const found = this.visitors.find((v) => !v.retired && budgets.every((b) => v.budgetLeft(b) > 0));
      if (found) {
        for (const budget of budgets) found.spend(budget);
        return found;
      }
      await this.createOne();
    }
  }

  /** A visitor for reads (pages, the cart), taken in turn so no one address renders every page. */
  async forRead(): Promise<Visitor> {
    const active = this.visitors.filter((v) => !v.retired);
    if (active.length === 0) return this.createOne();
    return active[this.nextReader++ % active.length]!;
  }

  /** A visitor with a cart no other case uses, for cases that empty or buy it. */
  async own(): Promise<Visitor> {
    const visitor = await this.create(true);
    visitor.retired = true;
    return visitor;
  }

  /** A visitor with only the crumb a page set, and no cart; no other case uses it. */
  async stranger(): Promise<Visitor> {
    const visitor = await this.create(false);
    visitor.retired = true;
    return visitor;
  }

  private async createOne(): Promise<Visitor> {
    // One at a time: concurrent cases waiting for budget share the new visitor.
    if (!this.creating) {
      this.creating = this.create(true).then(
        (visitor) => {
          this.visitors.push(visitor);
          this.creating = undefined;
          return visitor;
        },
        (error: unknown) => {
          this.creating = undefined;
          throw error;
        },
      );
    }
    return this.creating;
  }
}
