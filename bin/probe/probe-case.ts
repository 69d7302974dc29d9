/**
 * The shapes the probe passes around: a case (one bad input aimed at one
 * route), the request it becomes, and what came back.
 */
import type { SiteFacts } from './discover-site.ts';
import type { Visitor, VisitorPool } from './visitors.ts';

/** The kinds of bad input, used to group failures so the fixer sees which defence is missing. */
export type InputClass =
  | 'baseline'
  | 'malformed-json'
  | 'wrong-type'
  | 'nul-surrogate'
  | 'huge-body'
  | 'deep-json'
  | 'number-limits'
  | 'sql'
  | 'script'
  | 'path-traversal'
  | 'long-url'
  | 'odd-host'
  | 'crumb'
  | 'api-key'
  | 'rate-limit'
  | 'cookie'
  | 'method'
  | 'content-type'
  | 'raw-protocol'
  | 'keep-alive'
  | 'setup';

/** A request sent through node:http; the path goes on the request line exactly as written. */
export interface HttpRequest {
  kind: 'http';
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: string | Buffer;
}

/** Bytes node:http refuses to send (unicode Host, raw NUL, broken framing) go over a plain socket. */
export interface RawRequest {
  kind: 'raw';
  /** Method and target, for the report. */
  method: string;
  path: string;
  bytes: Buffer;
  /** A second request for the same connection, sent once the first is answered unless that answer closes it. */
  followedBy?: Buffer;
}

export type WireRequest = HttpRequest | RawRequest;

/** A case once built: the request, and the visitor whose cookies it carries (its Set-Cookie is kept). */
export interface PreparedRequest {
  request: WireRequest;
  visitor?: Visitor;
  /** GET the Location of a redirect with the same visitor, and judge that page too. */
  followRedirect?: boolean;
  /** Pages to GET afterwards with the same visitor: where stored input shows up again. */
  thenGet?: string[];
}

export interface CaseContext {
  site: SiteFacts;
  visitors: VisitorPool;
  /** The Host header the site answers on. */
  host: string;
  /** A cart of its own for one checkout case, made through the subscription call; undefined when refused. */
  freshCartToken(): Promise<string | undefined>;
  /** A new site-form submission key from FormSubmissionKey, for one case; undefined when refused. */
  freshFormKey(): Promise<string | undefined>;
  /** A submission key already used by one good submission, for replay cases; undefined when none could be used. */
  usedFormKey(): Promise<string | undefined>;
}

export interface ProbeCase {
  /** The route as written in the server, e.g. 'PUT /api/commerce/shopping-cart/entries/:entryId'. */
  route: string;
  inputClass: InputClass;
  build(ctx: CaseContext): Promise<PreparedRequest> | PreparedRequest;
}

/** What one request got back. */
export interface Outcome {
  route: string;
  inputClass: InputClass;
  method: string;
  path: string;
  /** The start of the request body, for the report. */
  requestBody: string;
  status?: number;
  contentType?: string;
  /** The kept start of the answer's body. */
  body: string;
  /** No complete answer within the request timeout. */
  hang: boolean;
  /** The connection failed or closed without an answer. */
  networkError?: string;
  /** The server ended a kept-alive connection after answering, without Connection: close (see send-request.ts). */
  silentClose?: boolean;
  ms: number;
}
