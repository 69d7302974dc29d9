/**
 * The traffic chart: visits, unique visitors and page views over the range's
 * periods, drawn by uPlot on a canvas. The canvas is decorative for assistive
 * technology (aria-hidden): the same figures are in the table beside it.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

export interface TrafficPoint {
  period: string;
  visits: number;
  visitors: number;
  views: number;
}

/** `from` and `to` ('YYYY-MM-DD') bound the time axis: one day's point alone must not stretch it over years. */
export function TrafficChart({ points, from, to }: { points: readonly TrafficPoint[]; from: string; to: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element || points.length === 0) return;
    const data: uPlot.AlignedData = [
      points.map((p) => Date.parse(`${p.period}T00:00:00Z`) / 1000),
      points.map((p) => p.views),
      points.map((p) => p.visits),
      points.map((p) => p.visitors),
    ];
    const chart = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: 260,
        scales: {
          x: {
            time: true,
            range: [Date.parse(`${from}T00:00:00Z`) / 1000, Date.parse(`${to}T00:00:00Z`) / 1000 + 86_400],
          },
        },
        series: [
          {},
          { label: 'Page views', stroke: '#2f5d50', width: 2 },
          { label: 'Visits', stroke: '#b3541e', width: 2 },
          { label: 'Unique visitors', stroke: '#3a5a8c', width: 2, dash: [6, 4] },
        ],
        axes: [{}, { label: 'Count' }],
      },
      data,
      element,
    );
    return () => chart.destroy();
  }, [points, from, to]);
  return <div ref={holder} className="chart" aria-hidden="true" />;
}
