/**
 * The API keys panel (spec section 2: create, delete, confirm delete, learn
 * more, terms of use, and the creation modal): the website's keys by name,
 * first characters and scopes; a new one through the creation modal; a
 * deletion asked through the confirm modal.
 */
import { useCallback, useEffect, useState } from 'react';
import { confirmModal } from '../../hydrate/modal/confirm-modal.tsx';
import { API_KEY_SCOPE_LABELS, type ApiKeyScope } from '../../shared/owner-permissions.ts';
import { ownerRequest } from '../owner-api.ts';
import { Panel, Status } from '../panel.tsx';
import { Link } from '../router.tsx';
import { ApiKeyCreateModal } from './api-key-create-modal.tsx';

interface ApiKeyRow {
  id: string;
  name: string;
  keyPrefix: string;
  scopes: string[];
  createdOn: string;
  lastUsedOn: string | null;
}

export const API_KEYS_LEARN_MORE_PATH = '/config/api-keys/learn-more';
export const API_KEYS_TERMS_PATH = '/config/api-keys/terms-of-use';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'Never');

export function ApiKeysPanel() {
  const [keys, setKeys] = useState<ApiKeyRow[] | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const load = useCallback(async () => {
    try {
      setKeys((await ownerRequest<{ apiKeys: ApiKeyRow[] }>('/api/owner/api-keys')).apiKeys);
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (key: ApiKeyRow) => {
    const confirmed = await confirmModal({
      title: 'Delete API key',
      message: `Delete the key "${key.name}" (${key.keyPrefix}…)? Anything using it stops working at once. This cannot be undone.`,
      confirmText: 'Delete key',
    });
    if (!confirmed) return;
    try {
      await ownerRequest(`/api/owner/api-keys/${encodeURIComponent(key.id)}`, { method: 'DELETE' });
      setStatus({ kind: 'ok', message: `The key "${key.name}" was deleted.` });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
    await load();
  };

  return (
    <Panel
      title="API keys"
      intro="Keys let your own tools call this website's owner API with the permissions you give them."
    >
      <p className="links">
        <Link to={API_KEYS_LEARN_MORE_PATH}>Learn more about API keys</Link>
        <Link to={API_KEYS_TERMS_PATH}>API terms of use</Link>
      </p>
      <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
        Create API key
      </button>
      <Status status={status} />
      {keys === null ? (
        <p>Loading…</p>
      ) : keys.length === 0 ? (
        <p>No API keys yet.</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">API keys</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Permissions</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id}>
                <th scope="row">{key.name}</th>
                <td>
                  <code>{key.keyPrefix}…</code>
                </td>
                <td>{key.scopes.map((scope) => API_KEY_SCOPE_LABELS[scope as ApiKeyScope] ?? scope).join(', ')}</td>
                <td>{day(key.createdOn)}</td>
                <td>{day(key.lastUsedOn)}</td>
                <td>
                  <button type="button" className="button button--danger" onClick={() => void remove(key)}>
                    Delete<span className="visually-hidden"> {key.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ApiKeyCreateModal
        open={creating}
        onClose={(created) => {
          setCreating(false);
          if (created) void load();
        }}
      />
    </Panel>
  );
}

export function ApiKeysLearnMorePanel() {
  return (
    <Panel title="About API keys">
      <p>
        An API key lets a program of yours (a stock sync, a reporting script) call this website's owner API without
        signing in. Send it with every request as the header <code>Authorization: Bearer &lt;key&gt;</code>, to one of
        the website's addresses.
      </p>
      <p>
        With the product, inventory and order permissions a key opens the commerce API under{' '}
        <code>/api/v1/commerce/</code>: products, stock levels and adjustments (each with its reason, never below zero)
        and orders. Its description, in OpenAPI 3 for your tools to read, is at{' '}
        <a href="/api/openapi.json">/api/openapi.json</a>.
      </p>
      <p>
        A key can do only what its permissions allow, and never manage contributors, keys or billing. It is shown once,
        when it is made; only a fingerprint of it is stored. Delete a key as soon as it is no longer used or may have
        been seen by someone else: it stops working at once.
      </p>
      <p>
        <Link to="/config/api-keys">Back to API keys</Link>
      </p>
    </Panel>
  );
}

export function ApiKeysTermsPanel() {
  return (
    <Panel title="API terms of use">
      <ol>
        <li>Keep keys secret: do not put them in web pages, apps you hand out or shared code.</li>
        <li>Use a key only for this website, and only for what its permissions are meant for.</li>
        <li>Keep to the rate limits; requests over them are refused with status 429 and a Retry-After header.</li>
        <li>You are responsible for what is done with your keys. Delete a key you think has leaked.</li>
      </ol>
      <p>
        <Link to="/config/api-keys">Back to API keys</Link>
      </p>
    </Panel>
  );
}
