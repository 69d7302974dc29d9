/**
 * The orders panel's service sessions (issue 24): each session of each
 * service product with its seats left and taken, and the attendees from
 * the paid orders that were not cancelled. Shows nothing for a store that
 * sells no services.
 */
import { useEffect, useState } from 'react';
import { ownerRequest } from '../owner-api.ts';
import { Status } from '../panel.tsx';

interface ServiceSession {
  variantId: string;
  productTitle: string;
  session: string;
  seatsLeft: number | null;
  seatsTaken: number;
  attendees: { orderId: string; orderNumber: number; name: string | null; email: string | null; seats: number }[];
}

export function ServiceSessions({ refresh, onShowOrder }: { refresh: unknown; onShowOrder(orderId: string): void }) {
  const [sessions, setSessions] = useState<ServiceSession[] | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again whenever the orders list is.
  useEffect(() => {
    ownerRequest<{ sessions: ServiceSession[] }>('/api/owner/service-sessions').then(
      (answer) => setSessions(answer.sessions),
      (error) => setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [refresh]);

  if (!sessions || sessions.length === 0) return <Status status={status} />;
  return (
    <section aria-labelledby="service-sessions-heading">
      <h2 id="service-sessions-heading">Sessions</h2>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col">Session</th>
            <th scope="col">Seats taken</th>
            <th scope="col">Seats left</th>
            <th scope="col">Attendees</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={session.variantId}>
              <td>{session.productTitle}</td>
              <td>{session.session}</td>
              <td>{session.seatsTaken}</td>
              <td>
                {session.seatsLeft === null ? 'Unlimited' : session.seatsLeft === 0 ? 'Sold out' : session.seatsLeft}
              </td>
              <td>
                {session.attendees.length === 0 ? (
                  'None yet'
                ) : (
                  <ul className="attendees">
                    {session.attendees.map((attendee) => (
                      <li key={`${attendee.orderId}-${attendee.seats}`}>
                        {attendee.name ?? attendee.email ?? 'Unnamed'}
                        {attendee.seats > 1 ? ` (${attendee.seats} seats)` : ''},{' '}
                        <button type="button" className="button" onClick={() => onShowOrder(attendee.orderId)}>
                          order #{attendee.orderNumber}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
