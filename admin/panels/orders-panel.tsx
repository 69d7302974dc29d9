/**
 * Orders (issue 22): the store's paid orders newest first a page at a time,
 * filtered by status and searched by number, email or name; a CSV export
 * of what the filter shows (the server writes it: quoted, formula-safe);
 * one order's lines, totals, shipping, parcels and refunds; and, for roles
 * with orders:write, fulfilling all or some of its lines with tracking
 * details (the buyer is emailed), cancelling through the confirm modal and
 * refunding all or part. Below them, the store's subscriptions and where
 * each stands (issue 24); an order says which subscription it started or
 * renews. Issue 24 too: an order's downloads with the owner's reset
 * (order-downloads.tsx), and the service sessions with their attendees
 * (service-sessions.tsx).
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import { confirmModal } from '../../hydrate/modal/confirm-modal.tsx';
import { amountToMinor } from '../../shared/order-admin-schemas.ts';
import { ClientApiError, ownerRequest } from '../owner-api.ts';
import { Panel, Status } from '../panel.tsx';
import { useSession } from '../session.tsx';
import { OrderDownloads } from './order-downloads.tsx';
import { ServiceSessions } from './service-sessions.tsx';

type OrderStatus = 'PENDING' | 'FULFILLED' | 'CANCELED';

interface OrderRow {
  id: string;
  orderNumber: number;
  status: OrderStatus;
  customerEmail: string | null;
  customerName: string | null;
  currency: string;
  grandTotalCents: string;
  createdOn: string;
}

interface OrderDetail {
  order: OrderRow & {
    subtotalCents: string;
    taxCents: string;
    shippingCostCents: string;
    discountCents: string;
    testMode: boolean;
    shippingAddress: { line1: string; line2: string | null; city: string; postalCode: string; country: string } | null;
    items: {
      lineNumber: number;
      sku: string;
      productName: string;
      quantity: number;
      unitPriceCents: string;
      /** A variant's options as bought: a service's session among them. */
      optionValues: { optionName: string; value: string }[];
    }[];
    fulfilledOn: string | null;
    canceledOn: string | null;
    trackingNumber: string | null;
    carrier: string | null;
    trackingUrl: string | null;
  };
  payment: { amountCents: string; refundedCents: string; refundableCents: string } | null;
  refunds: { id: string; amountCents: string; reason: string; actorName: string; createdOn: string }[];
  /** The parcels sent so far (issue 24), oldest first. */
  shipments: {
    id: string;
    carrier: string | null;
    trackingNumber: string | null;
    trackingUrl: string | null;
    createdOn: string;
    lines: { lineNumber: number; quantity: number }[];
  }[];
  /** The subscriptions it started (period 1), or the one it renews. */
  subscriptions: (SubscriptionRow & { period: number })[];
}

type SubscriptionState = 'active' | 'paused' | 'canceled' | 'ended';

interface SubscriptionRow {
  id: string;
  productName: string;
  quantity: number;
  customerName: string | null;
  customerEmail: string | null;
  /** In the spec's wording: '$19.00 every month'. */
  plan: string;
  state: SubscriptionState;
  pausedFor: 'buyer' | 'payment-failed' | null;
  periodsBilled: number;
  nextBillingOn: string | null;
  lastDecline: string | null;
}

const SUBSCRIPTION_STATE_LABELS: Record<SubscriptionState, string> = {
  active: 'Active',
  paused: 'Paused',
  canceled: 'Cancelled',
  ended: 'Complete',
};

function subscriptionStateText(subscription: SubscriptionRow): string {
  if (subscription.pausedFor === 'payment-failed') return 'Paused: payment declined';
  if (subscription.pausedFor === 'buyer') return 'Paused by the buyer';
  return SUBSCRIPTION_STATE_LABELS[subscription.state];
}

type StatusMessage = { kind: 'ok' | 'error'; message: string } | null;

const PAGE_SIZE = 25;
const STATUS_LABELS: Record<OrderStatus, string> = { PENDING: 'Pending', FULFILLED: 'Fulfilled', CANCELED: 'Canceled' };
const ORDERS = '/api/owner/orders';
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function OrdersPanel() {
  const [filter, setFilter] = useState<{ status: '' | OrderStatus; search: string }>({ status: '', search: '' });
  const [searchText, setSearchText] = useState('');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<{ orders: OrderRow[]; total: number } | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusMessage>(null);

  const query = new URLSearchParams();
  if (filter.status) query.set('status', filter.status);
  if (filter.search) query.set('search', filter.search);
  const filterQuery = query.toString();

  const load = useCallback(async () => {
    const params = new URLSearchParams(filterQuery);
    params.set('offset', String(offset));
    params.set('limit', String(PAGE_SIZE));
    try {
      setPage(await ownerRequest(`${ORDERS}?${params}`));
    } catch (error) {
      setStatus({ kind: 'error', message: errorText(error) });
    }
  }, [filterQuery, offset]);
  useEffect(() => {
    void load();
  }, [load]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setOffset(0);
    setFilter({ ...filter, search: searchText.trim() });
  };

  const last = page ? Math.min(offset + PAGE_SIZE, page.total) : 0;
  return (
    <Panel title="Orders" intro="The store's orders, newest first.">
      <p className="links">
        {/* A page of its own (page type 301), rendered by the server with the emails' own code. */}
        <a href="/commerce/email-preview">Preview the store's emails</a>
      </p>
      <form className="links" aria-label="Find orders" onSubmit={search}>
        <div className="field">
          <label htmlFor="orders-search">Search by order number, email or name</label>
          <input
            id="orders-search"
            type="search"
            value={searchText}
            maxLength={200}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <button type="submit" className="button">
          Search
        </button>
        <div className="field">
          <label htmlFor="orders-status">Status</label>
          <select
            id="orders-status"
            value={filter.status}
            onChange={(event) => {
              setOffset(0);
              setFilter({ ...filter, status: event.target.value as '' | OrderStatus });
            }}
          >
            <option value="">All</option>
            {(Object.keys(STATUS_LABELS) as OrderStatus[]).map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {page && page.total > 0 ? (
          <a className="button" href={`${ORDERS}/export${filterQuery ? `?${filterQuery}` : ''}`} download>
            Export CSV
          </a>
        ) : null}
      </form>
      <Status status={status} />
      {page === null ? <p>Loading…</p> : null}
      {page?.total === 0 ? <p>No orders match.</p> : null}
      {page && page.orders.length > 0 ? (
        <>
          <p aria-live="polite">
            Orders {offset + 1}–{last} of {page.total}
          </p>
          <table className="table">
            <caption className="visually-hidden">Orders</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Customer</th>
                <th scope="col">Status</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {page.orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <button
                      type="button"
                      className="button"
                      aria-label={`Open order #${order.orderNumber}`}
                      onClick={() => {
                        setStatus(null);
                        setShownId(order.id);
                      }}
                    >
                      #{order.orderNumber}
                    </button>
                  </th>
                  <td>{when(order.createdOn)}</td>
                  <td>{[order.customerName, order.customerEmail].filter(Boolean).join(' · ')}</td>
                  <td>{STATUS_LABELS[order.status]}</td>
                  <td>{formatMinorUnits(order.grandTotalCents, order.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      <nav aria-label="Order pages" className="links">
        <button
          type="button"
          className="button"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
        >
          Previous page
        </button>
        <button
          type="button"
          className="button"
          disabled={!page || offset + PAGE_SIZE >= page.total}
          onClick={() => setOffset(offset + PAGE_SIZE)}
        >
          Next page
        </button>
      </nav>
      <ServiceSessions refresh={page} onShowOrder={setShownId} />
      <SubscriptionsList />
      {shownId ? (
        <OrderDetailView
          key={shownId}
          orderId={shownId}
          onChanged={() => void load()}
          onClose={() => setShownId(null)}
        />
      ) : null}
    </Panel>
  );
}

function OrderDetailView({ orderId, onChanged, onClose }: { orderId: string; onChanged(): void; onClose(): void }) {
  const { can } = useSession();
  const writable = can('orders:write');
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [status, setStatus] = useState<StatusMessage>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const path = `${ORDERS}/${encodeURIComponent(orderId)}`;

  useEffect(() => {
    ownerRequest<OrderDetail>(path).then(setDetail, (error) => setStatus({ kind: 'error', message: errorText(error) }));
  }, [path]);
  useEffect(() => {
    if (detail) heading.current?.focus();
  }, [detail]);

  const act = async (action: string, body: unknown, done: string): Promise<Record<string, string> | undefined> => {
    try {
      setDetail(await ownerRequest<OrderDetail>(`${path}/${action}`, { method: 'POST', body }));
      setStatus({ kind: 'ok', message: done });
      onChanged();
      return undefined;
    } catch (error) {
      setStatus({ kind: 'error', message: errorText(error) });
      return error instanceof ClientApiError ? error.fields : undefined;
    }
  };

  const cancel = async () => {
    if (!detail) return;
    const confirmed = await confirmModal({
      title: 'Cancel order',
      message: `Cancel order #${detail.order.orderNumber}? Its items go back into stock. Refund the payment separately.`,
      confirmText: 'Cancel order',
    });
    if (confirmed) await act('cancel', {}, 'The order was cancelled.');
  };

  if (!detail) return <Status status={status} />;
  const { order, payment, refunds, shipments } = detail;
  const money = (minor: string) => formatMinorUnits(minor, order.currency);
  const sent = new Map<number, number>();
  for (const shipment of shipments) {
    for (const line of shipment.lines) sent.set(line.lineNumber, (sent.get(line.lineNumber) ?? 0) + line.quantity);
  }
  // Orders fulfilled before parcels were kept went in one.
  const sentOf = (line: { lineNumber: number; quantity: number }) =>
    shipments.length === 0 && order.status === 'FULFILLED' ? line.quantity : (sent.get(line.lineNumber) ?? 0);
  return (
    <section aria-labelledby="order-detail-heading" className="submission-detail">
      <h2 id="order-detail-heading" ref={heading} tabIndex={-1}>
        Order #{order.orderNumber}
      </h2>
      <Status status={status} />
      <dl>
        <div>
          <dt>Status</dt>
          <dd>
            {STATUS_LABELS[order.status]}
            {order.testMode ? ' (test order)' : ''}
          </dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>{when(order.createdOn)}</dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>{[order.customerName, order.customerEmail].filter(Boolean).join(' · ') || '—'}</dd>
        </div>
        {order.shippingAddress ? (
          <div>
            <dt>Ship to</dt>
            <dd>
              {[
                order.shippingAddress.line1,
                order.shippingAddress.line2,
                `${order.shippingAddress.city} ${order.shippingAddress.postalCode}`,
                order.shippingAddress.country,
              ]
                .filter(Boolean)
                .join(', ')}
            </dd>
          </div>
        ) : null}
        {order.fulfilledOn ? (
          <div>
            <dt>Fulfilled</dt>
            <dd>
              {when(order.fulfilledOn)}
              {order.carrier ? ` · ${order.carrier}` : ''}
              {order.trackingNumber ? ` · ${order.trackingNumber}` : ''}
              {order.trackingUrl ? (
                <>
                  {' · '}
                  <a href={order.trackingUrl} rel="noopener noreferrer" target="_blank">
                    Tracking page
                  </a>
                </>
              ) : null}
            </dd>
          </div>
        ) : null}
        {order.canceledOn ? (
          <div>
            <dt>Cancelled</dt>
            <dd>{when(order.canceledOn)}</dd>
          </div>
        ) : null}
      </dl>
      <table className="table">
        <caption>Items</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">SKU</th>
            <th scope="col">Quantity</th>
            <th scope="col">Sent</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((line) => (
            <tr key={line.lineNumber}>
              <td>
                {line.productName}
                {line.optionValues.length > 0
                  ? ` (${line.optionValues.map((option) => `${option.optionName}: ${option.value}`).join(', ')})`
                  : ''}
              </td>
              <td>{line.sku}</td>
              <td>{line.quantity}</td>
              <td>{sentOf(line)}</td>
              <td>{money(line.unitPriceCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl>
        <div>
          <dt>Subtotal</dt>
          <dd>{money(order.subtotalCents)}</dd>
        </div>
        <div>
          <dt>Discounts</dt>
          <dd>{money(order.discountCents)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{money(order.shippingCostCents)}</dd>
        </div>
        <div>
          <dt>Tax</dt>
          <dd>{money(order.taxCents)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{money(order.grandTotalCents)}</dd>
        </div>
        {detail.subscriptions.map((subscription) => (
          <div key={subscription.id}>
            <dt>
              {subscription.period === 1
                ? 'Starts a subscription'
                : `Subscription renewal, period ${subscription.period}`}
            </dt>
            <dd>
              {subscription.productName}: {subscription.plan} · {subscriptionStateText(subscription)}
            </dd>
          </div>
        ))}
        {payment ? (
          <div>
            <dt>Card payment</dt>
            <dd>
              {money(payment.amountCents)}, refunded {money(payment.refundedCents)}
            </dd>
          </div>
        ) : null}
      </dl>
      {shipments.length > 0 ? (
        <table className="table">
          <caption>Parcels</caption>
          <thead>
            <tr>
              <th scope="col">Sent</th>
              <th scope="col">Items</th>
              <th scope="col">Carrier</th>
              <th scope="col">Tracking</th>
            </tr>
          </thead>
          <tbody>
            {shipments.map((shipment) => (
              <tr key={shipment.id}>
                <td>{when(shipment.createdOn)}</td>
                <td>
                  {shipment.lines
                    .map((line) => {
                      const name = order.items.find((item) => item.lineNumber === line.lineNumber)?.productName;
                      return `${line.quantity} × ${name ?? `line ${line.lineNumber}`}`;
                    })
                    .join(', ')}
                </td>
                <td>{shipment.carrier ?? '—'}</td>
                <td>
                  {shipment.trackingNumber ?? ''}
                  {shipment.trackingUrl ? (
                    <>
                      {' '}
                      <a href={shipment.trackingUrl} rel="noopener noreferrer" target="_blank">
                        Tracking page
                      </a>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {refunds.length > 0 ? (
        <table className="table">
          <caption>Refunds</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Amount</th>
              <th scope="col">Reason</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((refund) => (
              <tr key={refund.id}>
                <td>{when(refund.createdOn)}</td>
                <td>{money(refund.amountCents)}</td>
                <td>{refund.reason}</td>
                <td>{refund.actorName}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <OrderDownloads orderId={order.id} writable={writable} />
      {writable && order.status === 'PENDING' ? (
        <FulfilForm
          // A new form after each parcel: its quantities start from what is left then.
          key={shipments.length}
          act={act}
          lines={order.items.map((line) => ({ ...line, left: line.quantity - sentOf(line) }))}
        />
      ) : null}
      {writable && payment && payment.refundableCents !== '0' ? (
        <RefundForm act={act} currency={order.currency} left={money(payment.refundableCents)} />
      ) : null}
      <p className="links">
        {writable && order.status === 'PENDING' && shipments.length === 0 ? (
          <button type="button" className="button button--danger" onClick={() => void cancel()}>
            Cancel order
          </button>
        ) : null}
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </p>
    </section>
  );
}

/** The store's subscriptions, newest first, with their plan, state and next billing date. */
function SubscriptionsList() {
  const [subscriptions, setSubscriptions] = useState<SubscriptionRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    ownerRequest<{ subscriptions: SubscriptionRow[] }>('/api/owner/subscriptions').then(
      (answer) => setSubscriptions(answer.subscriptions),
      (failure: unknown) => setError(errorText(failure)),
    );
  }, []);
  return (
    <section aria-labelledby="subscriptions-heading">
      <h2 id="subscriptions-heading">Subscriptions</h2>
      {error ? <Status status={{ kind: 'error', message: error }} /> : null}
      {subscriptions === null && !error ? <p>Loading…</p> : null}
      {subscriptions?.length === 0 ? <p>No subscriptions yet.</p> : null}
      {subscriptions && subscriptions.length > 0 ? (
        <table className="table">
          <caption className="visually-hidden">Subscriptions</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Customer</th>
              <th scope="col">Plan</th>
              <th scope="col">Periods billed</th>
              <th scope="col">State</th>
              <th scope="col">Next billing</th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((subscription) => (
              <tr key={subscription.id}>
                <th scope="row">
                  {subscription.productName}
                  {subscription.quantity > 1 ? ` × ${subscription.quantity}` : ''}
                </th>
                <td>{[subscription.customerName, subscription.customerEmail].filter(Boolean).join(' · ')}</td>
                <td>{subscription.plan}</td>
                <td>{subscription.periodsBilled}</td>
                <td>{subscriptionStateText(subscription)}</td>
                <td>{subscription.nextBillingOn ? when(subscription.nextBillingOn) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

type Act = (action: string, body: unknown, done: string) => Promise<Record<string, string> | undefined>;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field__problem" id={id}>
      {message}
    </p>
  ) : null;
}

interface FulfilLine {
  lineNumber: number;
  productName: string;
  quantity: number;
  /** What is still to send of the line. */
  left: number;
}

/**
 * How it ships, and how many of each line this parcel holds: everything
 * left unless the owner lowers a quantity. Sent whole, the order is
 * fulfilled in one call without lines, as before parcels were kept.
 */
function FulfilForm({ act, lines }: { act: Act; lines: FulfilLine[] }) {
  const [values, setValues] = useState({ carrier: '', trackingNumber: '', trackingUrl: '' });
  const [counts, setCounts] = useState<Record<number, string>>(() =>
    Object.fromEntries(lines.map((line) => [line.lineNumber, String(line.left)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const open = lines.filter((line) => line.left > 0);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parcel = open
      .map((line) => ({ lineNumber: line.lineNumber, quantity: Number(counts[line.lineNumber] ?? '0') }))
      .filter((line) => line.quantity !== 0);
    const whole = parcel.length === open.length && parcel.every((line, i) => line.quantity === open[i]?.left);
    const body = whole ? values : { ...values, lines: parcel };
    const done = whole
      ? 'The order was fulfilled and the customer emailed.'
      : 'The parcel was recorded and the customer emailed.';
    setErrors((await act('fulfil', body, done)) ?? {});
  };
  const field = (name: keyof typeof values, label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`fulfil-${name}`}>{label}</label>
      <input
        id={`fulfil-${name}`}
        type={type}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `fulfil-${name}-error` : undefined}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      />
      <FieldError id={`fulfil-${name}-error`} message={errors[name]} />
    </div>
  );
  return (
    <form aria-labelledby="fulfil-heading" onSubmit={submit}>
      <h3 id="fulfil-heading">Fulfil</h3>
      <p className="note">
        The customer gets an email with these details. Lower a quantity to send part of the order now.
      </p>
      {open.length > 1 || open.some((line) => line.left > 1) ? (
        <fieldset>
          <legend>In this parcel</legend>
          {open.map((line) => (
            <div className="field" key={line.lineNumber}>
              <label htmlFor={`fulfil-line-${line.lineNumber}`}>
                {line.productName} (of {line.left} left)
              </label>
              <input
                id={`fulfil-line-${line.lineNumber}`}
                type="number"
                min={0}
                max={line.left}
                step={1}
                value={counts[line.lineNumber] ?? ''}
                onChange={(event) => setCounts({ ...counts, [line.lineNumber]: event.target.value })}
              />
            </div>
          ))}
          <FieldError id="fulfil-lines-error" message={errors.lines} />
        </fieldset>
      ) : null}
      {field('carrier', 'Carrier')}
      {field('trackingNumber', 'Tracking number')}
      {field('trackingUrl', 'Tracking address', 'url')}
      <button type="submit" className="button button--primary">
        Mark fulfilled
      </button>
    </form>
  );
}

function RefundForm({ act, currency, left }: { act: Act; currency: string; left: string }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amountCents = amountToMinor(amount, currency);
    if (amountCents === undefined) {
      setErrors({ amountCents: `Enter an amount in ${currency}, such as 12.50.` });
      return;
    }
    const fields = await act('refunds', { amountCents, reason }, 'The refund was made.');
    setErrors(fields ?? {});
    if (!fields) {
      setAmount('');
      setReason('');
    }
  };
  return (
    <form aria-labelledby="refund-heading" onSubmit={submit}>
      <h3 id="refund-heading">Refund</h3>
      <p className="note">
        At most {left} is left to refund. The refund goes back to the card through the payment provider.
      </p>
      <div className="field">
        <label htmlFor="refund-amount">Amount ({currency})</label>
        <input
          id="refund-amount"
          inputMode="decimal"
          required
          value={amount}
          aria-invalid={errors.amountCents ? true : undefined}
          aria-describedby={errors.amountCents ? 'refund-amount-error' : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
        <FieldError id="refund-amount-error" message={errors.amountCents} />
      </div>
      <div className="field">
        <label htmlFor="refund-reason">Reason (optional)</label>
        <input id="refund-reason" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
      <button type="submit" className="button">
        Refund
      </button>
    </form>
  );
}
