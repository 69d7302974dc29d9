/**
 * The owner's dashboards (issue 25): traffic, commerce and site speed over a
 * range of days, from GET /api/owner/analytics. Every chart has its table,
 * every table a CSV export; the range is two date fields and a period unit.
 */
import { type ReactNode, useEffect, useState } from 'react';
import type { WEB_VITAL_THRESHOLDS } from '../../shared/analytics-rules.ts';
import { downloadCsv } from '../csv-export.ts';
import { ownerRequest } from '../owner-api.ts';
import { Panel } from '../panel.tsx';
import { TrafficChart, type TrafficPoint } from './traffic-chart.tsx';

interface Dashboard {
  range: { from: string; to: string; unit: 'day' | 'week' | 'month' };
  traffic: TrafficPoint[];
  topPages: { path: string; views: number }[];
  referrers: { value: string; views: number }[];
  devices: { value: string; views: number }[];
  locales: { value: string; views: number }[];
  funnel: { step: string; visitors: number }[];
  webVitals: {
    path: string;
    metric: keyof typeof WEB_VITAL_THRESHOLDS;
    p75: number;
    samples: number;
    rating: string;
  }[];
  javascriptErrors: { message: string; occurrences: number }[];
  commerce: {
    orders: number;
    revenueMinor: string;
    topProducts: { productName: string; quantity: number; revenueMinor: string }[];
    abandonedCarts: number;
  };
}

const FUNNEL_LABELS: Record<string, string> = {
  'product-view': 'Viewed a product',
  'add-to-cart': 'Added to cart',
  checkout: 'Reached checkout',
  order: 'Ordered',
};

const RATING_LABELS: Record<string, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const money = (minor: string) => (Number(minor) / 100).toLocaleString(undefined, { minimumFractionDigits: 2 });
const unitOf = (metric: string) => (metric === 'CLS' ? '' : ' ms');

/** A table with a caption and a CSV export of exactly what it shows. */
function DataTable({
  caption,
  fileName,
  columns,
  rows,
}: {
  caption: string;
  fileName: string;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) {
  return (
    <div className="data-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>Nothing in this range yet.</td>
            </tr>
          ) : (
            rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their order.
              <tr key={index}>
                {row.map((value, column) => (
                  <td key={columns[column]}>{value}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <button
        type="button"
        className="button"
        disabled={rows.length === 0}
        onClick={() =>
          downloadCsv(
            fileName,
            columns,
            rows.map((row) => row.map((value) => (typeof value === 'object' ? '' : value))),
          )
        }
      >
        Export {caption} as CSV
      </button>
    </div>
  );
}

export function AnalyticsPanel() {
  const today = isoDay(Date.now());
  const [range, setRange] = useState({ from: isoDay(Date.now() - 29 * 86_400_000), to: today, unit: 'day' });
  const [dashboard, setDashboard] = useState<Dashboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setBusy(true);
    setError(null);
    const query = new URLSearchParams(range).toString();
    ownerRequest<Dashboard>(`/api/owner/analytics?${query}`)
      .then(setDashboard, (problem: Error) => setError(problem.message))
      .finally(() => setBusy(false));
  }, [range]);

  const d = dashboard;
  return (
    <Panel title="Analytics" intro="Visits, sales and site speed over the days you choose. Bots are left out.">
      <form
        className="form form--inline"
        aria-label="Date range"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          setRange({ from: String(data.get('from')), to: String(data.get('to')), unit: String(data.get('unit')) });
        }}
      >
        <label>
          From <input type="date" name="from" defaultValue={range.from} max={today} required />
        </label>
        <label>
          To <input type="date" name="to" defaultValue={range.to} max={today} required />
        </label>
        <label>
          By{' '}
          <select name="unit" defaultValue={range.unit}>
            <option value="day">Day</option>
            <option value="week">Week</option>
            <option value="month">Month</option>
          </select>
        </label>
        <button type="submit" className="button button--primary" disabled={busy}>
          Show
        </button>
      </form>
      <p role="status" className="status">
        {busy ? 'Loading…' : ''}
      </p>
      {error ? <p role="alert">{error}</p> : null}
      {d ? (
        <>
          <section aria-labelledby="traffic-heading">
            <h2 id="traffic-heading">Traffic</h2>
            <TrafficChart points={d.traffic} from={d.range.from} to={d.range.to} />
            <DataTable
              caption="Traffic"
              fileName={`traffic-${d.range.from}-${d.range.to}.csv`}
              columns={['Period', 'Visits', 'Unique visitors', 'Page views']}
              rows={d.traffic.map((p) => [p.period, p.visits, p.visitors, p.views])}
            />
            <DataTable
              caption="Top pages"
              fileName={`top-pages-${d.range.from}-${d.range.to}.csv`}
              columns={['Page', 'Views']}
              rows={d.topPages.map((p) => [p.path, p.views])}
            />
            <DataTable
              caption="Referrers"
              fileName="referrers.csv"
              columns={['Referrer', 'Views']}
              rows={d.referrers.map((r) => [r.value, r.views])}
            />
            <DataTable
              caption="Devices"
              fileName="devices.csv"
              columns={['Device', 'Views']}
              rows={d.devices.map((r) => [r.value, r.views])}
            />
            <DataTable
              caption="Locales"
              fileName="locales.csv"
              columns={['Locale', 'Views']}
              rows={d.locales.map((r) => [r.value, r.views])}
            />
          </section>
          <section aria-labelledby="commerce-heading">
            <h2 id="commerce-heading">Commerce</h2>
            <dl className="figures">
              <div>
                <dt>Orders</dt>
                <dd>{d.commerce.orders}</dd>
              </div>
              <div>
                <dt>Revenue</dt>
                <dd>{money(d.commerce.revenueMinor)}</dd>
              </div>
              <div>
                <dt>Abandoned carts</dt>
                <dd>{d.commerce.abandonedCarts}</dd>
              </div>
            </dl>
            <DataTable
              caption="Conversion funnel"
              fileName="funnel.csv"
              columns={['Step', 'Visitors']}
              rows={d.funnel.map((s) => [FUNNEL_LABELS[s.step] ?? s.step, s.visitors])}
            />
            <DataTable
              caption="Top products"
              fileName="top-products.csv"
              columns={['Product', 'Sold', 'Revenue']}
              rows={d.commerce.topProducts.map((p) => [p.productName, p.quantity, money(p.revenueMinor)])}
            />
          </section>
          <section aria-labelledby="speed-heading">
            <h2 id="speed-heading">Site speed</h2>
            <DataTable
              caption="Web vitals (75th percentile)"
              fileName="web-vitals.csv"
              columns={['Page', 'Metric', '75th percentile', 'Rating', 'Samples']}
              rows={d.webVitals.map((v) => [
                v.path,
                v.metric,
                `${v.p75}${unitOf(v.metric)}`,
                RATING_LABELS[v.rating] ?? v.rating,
                v.samples,
              ])}
            />
            <DataTable
              caption="JavaScript errors"
              fileName="javascript-errors.csv"
              columns={['Message', 'Occurrences']}
              rows={d.javascriptErrors.map((e) => [e.message, e.occurrences])}
            />
          </section>
        </>
      ) : null}
    </Panel>
  );
}
