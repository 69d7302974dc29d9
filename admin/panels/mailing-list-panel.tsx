/**
 * The mailing list (issue 24): every address that joined (a newsletter
 * form, the restock form's 'join mailing list'), shown as subscribed or
 * unsubscribed, and a newsletter to send. A newsletter goes only to those
 * still subscribed, each with their own unsubscribe link.
 */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { confirmModal } from '../../hydrate/modal/confirm-modal.tsx';
import { type Problems, TextField } from '../form-fields.tsx';
import { ClientApiError, ownerRequest } from '../owner-api.ts';
import { Panel, Status } from '../panel.tsx';

const MAILING_LIST_PATH = '/api/owner/mailing-list';

interface Subscriber {
  email: string;
  source: 'newsletter-form' | 'restock-form';
  subscribedOn: string;
  unsubscribedOn: string | null;
  status: 'subscribed' | 'unsubscribed';
}

const SOURCES: Record<Subscriber['source'], string> = {
  'newsletter-form': 'Newsletter form',
  'restock-form': 'Restock sign-up',
};

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

export function MailingListPanel() {
  const [subscribers, setSubscribers] = useState<Subscriber[] | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    try {
      setSubscribers((await ownerRequest<{ subscribers: Subscriber[] }>(MAILING_LIST_PATH)).subscribers);
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const subscribed = (subscribers ?? []).filter((s) => s.status === 'subscribed').length;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const confirmed = await confirmModal({
      title: 'Send newsletter',
      message: `Email “${subject}” to ${subscribed} subscribed address${subscribed === 1 ? '' : 'es'} now?`,
      confirmText: 'Send',
    });
    if (!confirmed) return;
    setBusy(true);
    setStatus(null);
    setProblems({});
    try {
      const answer = await ownerRequest<{ queued: number }>(`${MAILING_LIST_PATH}/newsletters`, {
        method: 'POST',
        body: { subject, text },
      });
      setStatus({
        kind: 'ok',
        message: `Newsletter sent to ${answer.queued} address${answer.queued === 1 ? '' : 'es'}.`,
      });
      setSubject('');
      setText('');
    } catch (error) {
      if (error instanceof ClientApiError && error.fields) setProblems(error.fields);
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel
      title="Mailing list"
      intro="Everyone who joined your mailing list. Unsubscribed addresses are kept so they are never mailed again."
    >
      <Status status={status} />
      {subscribers === null ? (
        status ? null : (
          <p>Loading…</p>
        )
      ) : (
        <>
          <dl className="figures" aria-label="Mailing list">
            <div>
              <dt>Subscribed</dt>
              <dd>{subscribed}</dd>
            </div>
            <div>
              <dt>Unsubscribed</dt>
              <dd>{subscribers.length - subscribed}</dd>
            </div>
          </dl>
          <form className="form" noValidate onSubmit={send} aria-labelledby="newsletter-heading">
            <h2 id="newsletter-heading">Send a newsletter</h2>
            <TextField
              label="Subject"
              name="subject"
              value={subject}
              onChange={setSubject}
              problem={problems.subject}
              required
            />
            <TextField
              label="Text"
              name="text"
              value={text}
              onChange={setText}
              problem={problems.text}
              multiline
              required
              hint="Plain text. Each address gets its own unsubscribe link at the end."
            />
            <button className="button" type="submit" disabled={busy || subscribed === 0}>
              Send to {subscribed} subscribed
            </button>
          </form>
          {subscribers.length > 0 ? (
            <table className="table">
              <caption className="visually-hidden">Mailing list addresses, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Joined through</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {subscribers.map((subscriber) => (
                  <tr key={subscriber.email}>
                    <td>{subscriber.email}</td>
                    <td>{SOURCES[subscriber.source]}</td>
                    <td>{day(subscriber.subscribedOn)}</td>
                    <td>
                      {subscriber.unsubscribedOn ? `Unsubscribed ${day(subscriber.unsubscribedOn)}` : 'Subscribed'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>Nobody has joined yet.</p>
          )}
        </>
      )}
    </Panel>
  );
}
