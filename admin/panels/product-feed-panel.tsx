/**
 * The dynamic-ads product feed (spec section 2: URL copy and pixel id
 * save): the feed's public addresses, XML for Google Merchant Center and
 * Meta catalogs and CSV, each with a Copy button, and the ads pixel id
 * kept in the site settings.
 */
import { useEffect, useId, useState } from 'react';
import { adsPixelSchema } from '../../shared/product-feed.ts';
import { TextField } from '../form-fields.tsx';
import { ownerRequest } from '../owner-api.ts';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { useSession } from '../session.tsx';
import { useSaveForm } from './save-form.ts';

interface ProductFeed {
  xmlUrl: string;
  csvUrl: string;
  entryCount: number;
  pixelId: string;
}

/** Copies text with the Clipboard API; where it is missing or refused, selects the field for the user to copy. */
async function copy(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.focus();
    field?.select();
    return false;
  }
}

function FeedAddress({ label, url, onCopied }: { label: string; url: string; onCopied(copied: boolean): void }) {
  const id = useId();
  return (
    <div className="field feed-address">
      <label htmlFor={id}>{label}</label>
      <div className="feed-address__row">
        <input id={id} className="key-field" readOnly value={url} onFocus={(event) => event.target.select()} />
        <button
          type="button"
          className="button"
          aria-label={`Copy the ${label}`}
          onClick={() => void copy(url, document.getElementById(id) as HTMLInputElement | null).then(onCopied)}
        >
          Copy
        </button>
      </div>
    </div>
  );
}

export function ProductFeedPanel() {
  const { can } = useSession();
  const editable = can('product-feed:write');
  const [feed, setFeed] = useState<ProductFeed | null>(null);
  const [pixelId, setPixelId] = useState('');
  const [copyStatus, setCopyStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    ownerRequest<ProductFeed>('/api/owner/product-feed').then(
      (answer) => {
        setFeed(answer);
        setPixelId(answer.pixelId);
      },
      (error: Error) => setLoadError(error.message),
    );
  }, []);
  const { form, problems, status, busy, save } = useSaveForm(
    adsPixelSchema,
    async (value) => {
      const saved = await ownerRequest<ProductFeed>('/api/owner/product-feed', { method: 'PUT', body: value });
      setFeed(saved);
      setPixelId(saved.pixelId);
    },
    'Pixel id saved.',
  );
  const copied = (what: string) => (ok: boolean) =>
    setCopyStatus(
      ok
        ? { kind: 'ok', message: `The ${what} address is copied.` }
        : { kind: 'error', message: 'Copying is not allowed here: the address is selected, copy it with your keys.' },
    );
  return (
    <Panel
      title="Product feed"
      intro="Give this address to Google Merchant Center or a Meta catalog to advertise your products with their current prices and stock."
    >
      {loadError ? <p role="alert">{loadError}</p> : null}
      {feed ? (
        <>
          <section aria-labelledby="feed-heading" className="form">
            <h2 id="feed-heading">Feed addresses</h2>
            <p className="note">
              {feed.entryCount} product variant{feed.entryCount === 1 ? '' : 's'} in the feed. It follows every change
              to your products.
            </p>
            <FeedAddress label="XML feed" url={feed.xmlUrl} onCopied={copied('XML feed')} />
            <FeedAddress label="CSV feed" url={feed.csvUrl} onCopied={copied('CSV feed')} />
            <Status status={copyStatus} />
          </section>
          <form
            ref={form}
            className="form"
            noValidate
            aria-labelledby="pixel-heading"
            onSubmit={(event) => {
              event.preventDefault();
              void save({ pixelId });
            }}
          >
            <h2 id="pixel-heading">Ads pixel</h2>
            {editable ? null : <ReadOnlyNote />}
            <TextField
              label="Pixel id"
              name="pixelId"
              hint="The id your ads platform gave the pixel, such as 1234567890123456. Leave empty for none."
              value={pixelId}
              onChange={setPixelId}
              problem={problems.pixelId}
              disabled={!editable}
            />
            <Status status={status} />
            {editable ? (
              <button type="submit" className="button button--primary" disabled={busy}>
                Save pixel id
              </button>
            ) : null}
          </form>
        </>
      ) : loadError ? null : (
        <p>Loading…</p>
      )}
    </Panel>
  );
}
