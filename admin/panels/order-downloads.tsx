/**
 * An order's downloads in the orders panel (issue 24): each file bought,
 * its downloads counted against its limit and when its link ends; a role
 * with orders:write resets them (the full limit again, the product's days
 * from now) and the buyer is emailed a new link. Shows nothing for an
 * order without files.
 */
import { useEffect, useState } from 'react';
import { formatFileSize } from '../../shared/file-size.ts';
import { ownerRequest } from '../owner-api.ts';
import { Status } from '../panel.tsx';

interface OrderDownload {
  fileId: string;
  filename: string;
  sizeBytes: number;
  downloadsUsed: number;
  downloadLimit: number;
  expiresOn: string;
  state: 'ready' | 'expired' | 'used-up';
}

const STATE_LABELS: Record<OrderDownload['state'], string> = {
  ready: 'Ready',
  expired: 'Link expired',
  'used-up': 'Limit reached',
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function OrderDownloads({ orderId, writable }: { orderId: string; writable: boolean }) {
  const path = `/api/owner/orders/${encodeURIComponent(orderId)}/downloads`;
  const [downloads, setDownloads] = useState<OrderDownload[] | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    ownerRequest<{ downloads: OrderDownload[] }>(path).then(
      (answer) => setDownloads(answer.downloads),
      (error) => setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [path]);

  const reset = async () => {
    setBusy(true);
    try {
      const answer = await ownerRequest<{ downloads: OrderDownload[]; emailed: boolean }>(`${path}/reset`, {
        method: 'POST',
        body: {},
      });
      setDownloads(answer.downloads);
      setStatus({
        kind: 'ok',
        message: answer.emailed
          ? 'The downloads were reset and the buyer was emailed a new link.'
          : 'The downloads were reset. The order has no email address to send the link to.',
      });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  if (!downloads || downloads.length === 0) return status?.kind === 'error' ? <Status status={status} /> : null;
  return (
    <section aria-labelledby={`downloads-${orderId}`}>
      <h3 id={`downloads-${orderId}`}>Downloads</h3>
      <Status status={status} />
      <table className="table">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Downloads</th>
            <th scope="col">Link ends</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {downloads.map((download) => (
            <tr key={download.fileId}>
              <td>
                {download.filename} ({formatFileSize(download.sizeBytes)})
              </td>
              <td>
                {download.downloadsUsed} of {download.downloadLimit}
              </td>
              <td>{when(download.expiresOn)}</td>
              <td>{STATE_LABELS[download.state]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {writable ? (
        <p>
          <button type="button" className="button" disabled={busy} onClick={() => void reset()}>
            Reset downloads and email a new link
          </button>
        </p>
      ) : null}
    </section>
  );
}
