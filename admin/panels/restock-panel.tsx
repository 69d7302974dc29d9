/**
 * Restock notifications (issue 22, spec section 7's restock calls): the
 * variants visitors wait for, every page of groups fetched in a loop by
 * cursor as the spec's client does, with sign-ups, notices sent and
 * waiting; a variant's sign-ups a page at a time; send one variant's
 * notices, or every waiting one (send/all, a page of groups per call).
 */
import { useCallback, useEffect, useState } from 'react';
import { confirmModal } from '../../hydrate/modal/confirm-modal.tsx';
import { ownerRequest } from '../owner-api.ts';
import { Panel, Status } from '../panel.tsx';

const RESTOCK_PATH = '/api/site-users/account/notifications/restock';
/** The server's largest page (restock-repository.ts): one send/all call sends at most this many groups. */
const SEND_BATCH = 200;

interface SignUpGroup {
  productId: string;
  variantId: string;
  productName: string;
  sku: string;
  attributes: Record<string, string>;
  signUpCount: number;
  pendingCount: number;
  sentCount: number;
}

interface SignUp {
  id: string;
  email: string;
  joinMailingList: boolean;
  createdOn: string;
  notifiedOn: string | null;
}

interface CursorPage {
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

const groupKey = (group: Pick<SignUpGroup, 'productId' | 'variantId'>) => `${group.productId}:${group.variantId}`;

function variantName(group: SignUpGroup): string {
  const options = Object.entries(group.attributes).map(([name, value]) => `${name}: ${value}`);
  return options.length > 0 ? `${group.productName} (${options.join(', ')})` : group.productName;
}

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
const notices = (count: number) => `${count} notice${count === 1 ? '' : 's'}`;

/** Every group, page after page, as the spec's client reads them. */
async function allGroups(): Promise<SignUpGroup[]> {
  const groups: SignUpGroup[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const page: CursorPage & { signUpGroups: SignUpGroup[] } = await ownerRequest(`${RESTOCK_PATH}/groups${query}`);
    groups.push(...page.signUpGroups);
    cursor = page.hasNextPage ? page.nextPageCursor : null;
  } while (cursor);
  return groups;
}

export function RestockPanel() {
  const [groups, setGroups] = useState<SignUpGroup[] | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const fail = (error: unknown) =>
    setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  const load = useCallback(async () => {
    try {
      setGroups(await allGroups());
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const send = async (requests: Pick<SignUpGroup, 'productId' | 'variantId'>[], what: string) => {
    setBusy(true);
    setStatus(null);
    let sent = 0;
    try {
      if (requests.length === 1) {
        sent = (await ownerRequest<{ sent: number }>(`${RESTOCK_PATH}/send`, { method: 'POST', body: requests[0] }))
          .sent;
      } else {
        for (let start = 0; start < requests.length; start += SEND_BATCH) {
          const sendRequests = requests.slice(start, start + SEND_BATCH);
          const answer = await ownerRequest<{ sent: number }>(`${RESTOCK_PATH}/send/all`, {
            method: 'POST',
            body: { sendRequests },
          });
          sent += answer.sent;
        }
      }
      setStatus({ kind: 'ok', message: `${notices(sent)} sent${what}.` });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
    await load();
  };

  const waiting = (groups ?? []).filter((group) => group.pendingCount > 0);
  const pending = waiting.reduce((sum, group) => sum + group.pendingCount, 0);
  const sent = (groups ?? []).reduce((sum, group) => sum + group.sentCount, 0);

  const sendAll = async () => {
    const confirmed = await confirmModal({
      title: 'Send all restock notices',
      message: `Email ${notices(pending)} now, for ${waiting.length} product variant${waiting.length === 1 ? '' : 's'}? Send them once the products are back in stock.`,
      confirmText: 'Send all',
    });
    if (confirmed) await send(waiting, ' for every variant');
  };

  return (
    <Panel
      title="Restock notifications"
      intro="Visitors who asked to hear when a sold-out product is back. Send their notices once it is in stock again."
    >
      <Status status={status} />
      {groups === null ? (
        <p>Loading…</p>
      ) : (
        <>
          <dl className="figures" aria-label="Restock notices">
            <div>
              <dt>Waiting</dt>
              <dd>{pending}</dd>
            </div>
            <div>
              <dt>Sent</dt>
              <dd>{sent}</dd>
            </div>
          </dl>
          <button
            type="button"
            className="button button--primary"
            disabled={busy || pending === 0}
            onClick={() => void sendAll()}
          >
            Send all waiting notices
          </button>
          {groups.length === 0 ? (
            <p>Nobody has signed up yet.</p>
          ) : (
            <table className="table">
              <caption className="visually-hidden">Sign-ups by product variant</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">SKU</th>
                  <th scope="col">Sign-ups</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Waiting</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {groups.map((group) => {
                  const key = groupKey(group);
                  const name = variantName(group);
                  return [
                    <tr key={key}>
                      <th scope="row">{name}</th>
                      <td>{group.sku}</td>
                      <td>{group.signUpCount}</td>
                      <td>{group.sentCount}</td>
                      <td>{group.pendingCount}</td>
                      <td className="nav-editor__actions">
                        <button
                          type="button"
                          className="button"
                          aria-expanded={open === key}
                          aria-controls={`signups-${key}`}
                          aria-label={`Sign-ups for ${name}`}
                          onClick={() => setOpen(open === key ? null : key)}
                        >
                          {open === key ? 'Hide sign-ups' : 'Sign-ups'}
                        </button>
                        <button
                          type="button"
                          className="button"
                          disabled={busy || group.pendingCount === 0}
                          aria-label={`Send notices for ${name}`}
                          onClick={() => void send([group], ` for ${name}`)}
                        >
                          Send notices
                        </button>
                      </td>
                    </tr>,
                    open === key ? (
                      <tr key={`${key}-signups`} id={`signups-${key}`}>
                        <td colSpan={6}>
                          <SignUps group={group} />
                        </td>
                      </tr>
                    ) : null,
                  ];
                })}
              </tbody>
            </table>
          )}
        </>
      )}
    </Panel>
  );
}

/** One variant's sign-ups, oldest first, with More for the next page. */
function SignUps({ group }: { group: SignUpGroup }) {
  const [signUps, setSignUps] = useState<SignUp[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const load = useCallback(
    async (cursor: string | null) => {
      const query = new URLSearchParams({ productId: group.productId, variantId: group.variantId });
      if (cursor) query.set('cursor', cursor);
      try {
        const page = await ownerRequest<CursorPage & { signUps: SignUp[] }>(`${RESTOCK_PATH}?${query}`);
        setSignUps((shown) => (cursor ? [...shown, ...page.signUps] : page.signUps));
        setNext(page.hasNextPage ? page.nextPageCursor : null);
        setLoaded(true);
      } catch (problem) {
        setError(problem instanceof Error ? problem.message : String(problem));
      }
    },
    [group.productId, group.variantId],
  );
  useEffect(() => {
    void load(null);
  }, [load]);
  if (error) return <p role="alert">{error}</p>;
  if (!loaded) return <p>Loading…</p>;
  return (
    <>
      <ul className="plain-list">
        {signUps.map((signUp) => (
          <li key={signUp.id}>
            {signUp.email}: signed up {day(signUp.createdOn)},{' '}
            {signUp.notifiedOn ? `notice sent ${day(signUp.notifiedOn)}` : 'waiting'}
            {signUp.joinMailingList ? ', joined the mailing list' : ''}
          </li>
        ))}
      </ul>
      {next ? (
        <button type="button" className="button" onClick={() => void load(next)}>
          More sign-ups
        </button>
      ) : null}
    </>
  );
}
