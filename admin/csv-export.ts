/** A table as a CSV file the browser downloads (the dashboards' export), guarded against formulas (shared/csv.ts). */
import { toCsv } from '../shared/csv.ts';

export function downloadCsv(fileName: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): void {
  const csv = toCsv(columns, rows, { guardFormulas: true });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
