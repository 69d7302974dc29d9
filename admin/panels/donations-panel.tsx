/**
 * Donations (issue 24): what visitors gave through the site's donation
 * blocks, newest first, with the total per currency, and the list as a CSV
 * file (the server's export, so the file holds every paid donation, not
 * only the ones shown).
 */
import { useEffect, useState } from 'react';
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import { ownerRequest } from '../owner-api.ts';
import { Panel, Status } from '../panel.tsx';

const DONATIONS_PATH = '/api/owner/donations';

interface DonationRow {
  id: string;
  createdOn: string;
  causeTitle: string;
  amountCents: string;
  currency: string;
  donorName: string;
  donorEmail: string;
  note: string;
  testMode: boolean;
}

interface DonationTotal {
  currency: string;
  amountCents: string;
  count: number;
}

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

export function DonationsPanel() {
  const [list, setList] = useState<{ donations: DonationRow[]; totals: DonationTotal[] } | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  useEffect(() => {
    ownerRequest<{ donations: DonationRow[]; totals: DonationTotal[] }>(DONATIONS_PATH).then(setList, (error) =>
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  }, []);
  return (
    <Panel
      title="Donations"
      intro="What visitors gave through the donation blocks on your pages. Each donor got a receipt by email."
    >
      <Status status={status} />
      {list === null ? (
        status ? null : (
          <p>Loading…</p>
        )
      ) : (
        <>
          <dl className="figures" aria-label="Donations received">
            {list.totals.length === 0 ? (
              <div>
                <dt>Received</dt>
                <dd>None yet</dd>
              </div>
            ) : (
              list.totals.map((total) => (
                <div key={total.currency}>
                  <dt>
                    Received ({total.count} donation{total.count === 1 ? '' : 's'})
                  </dt>
                  <dd>{formatMinorUnits(total.amountCents, total.currency)}</dd>
                </div>
              ))
            )}
          </dl>
          {list.donations.length > 0 ? (
            <>
              <p>
                <a className="button" href={`${DONATIONS_PATH}/export`} download>
                  Export as CSV
                </a>
              </p>
              <table className="table">
                <caption className="visually-hidden">Donations, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Cause</th>
                    <th scope="col">Donor</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Note</th>
                  </tr>
                </thead>
                <tbody>
                  {list.donations.map((donation) => (
                    <tr key={donation.id}>
                      <td>{day(donation.createdOn)}</td>
                      <td>{donation.causeTitle}</td>
                      <td>
                        {donation.donorName}
                        <br />
                        <a href={`mailto:${donation.donorEmail}`}>{donation.donorEmail}</a>
                      </td>
                      <td>
                        {formatMinorUnits(donation.amountCents, donation.currency)}
                        {donation.testMode ? ' (test)' : ''}
                      </td>
                      <td>{donation.note}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : (
            <p>No donations yet. Add a donation block to a page to start taking them.</p>
          )}
        </>
      )}
    </Panel>
  );
}
