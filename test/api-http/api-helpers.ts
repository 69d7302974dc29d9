import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { signCrumb } from '../../api/http/crumb.ts';
import { demoId } from '../../api/seed/demo-ids.ts';

export const HOST = 'localhost';
/** The secret test apps sign crumbs with, so a test can hold a crumb before its first page. */
export const TEST_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';
export const CRUMB = signCrumb(TEST_SECRET, '0123456789abcdef0123456789abcdef');
export const CART_PATH = '/api/commerce/shopping-cart';
export const ENTRIES_PATH = '/api/commerce/shopping-cart/entries';

export const productId = (slug: string): string => demoId('product', slug);

/** The checkout form's payment fields with the test provider's card that succeeds (api/payments/test-cards.ts). */
export const PAY_WITH_TEST_CARD = { cardNumber: '4242 4242 4242 4242', cardExpiry: '12/49', cardCvc: '123' } as const;

/** A visitor: keeps the cookies the server sets and sends its crumb on writes. */
export class Visitor {
  private static count = 0;
  /** Each visitor its own address, so the per-visitor write limit of one never trips another's test. */
  readonly address = `10.0.${Math.floor(++Visitor.count / 250)}.${Visitor.count % 250}`;
  cookies = new Map<string, string>([['crumb', CRUMB]]);

  readonly app: FastifyInstance;
  readonly host: string;
  constructor(app: FastifyInstance, host: string = HOST) {
    this.app = app;
    this.host = host;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.address,
      headers: {
        host: this.host,
        cookie: this.cookieHeader,
        'x-csrf-token': this.cookies.get('crumb') ?? '',
        ...(payload !== undefined && typeof payload !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
    for (const cookie of response.cookies as Array<{ name: string; value: string }>) {
      this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  add(body: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return this.request('POST', ENTRIES_PATH, body);
  }

  // biome-ignore lint/suspicious/noExplicitAny: the tests read the JSON answer field by field.
  async cart(): Promise<Record<string, any>> {
    return (await this.request('GET', CART_PATH)).json();
  }
}
