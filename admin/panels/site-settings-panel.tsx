/** Site settings: the general settings and the store's, each its own form over its own call. */
import { useEffect, useState } from 'react';
import {
  type SiteSettingsInput,
  type StoreSettingsInput,
  siteSettingsSchema,
  storeSettingsInputSchema,
} from '../../shared/owner-schemas.ts';
import { CheckboxField, TextField } from '../form-fields.tsx';
import { ownerRequest } from '../owner-api.ts';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { useSession } from '../session.tsx';
import { useSaveForm } from './save-form.ts';

interface Settings {
  site: SiteSettingsInput;
  store: StoreSettingsInput;
}

export function SiteSettingsPanel() {
  const { can } = useSession();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    ownerRequest<Settings>('/api/owner/site-settings').then(setSettings, (error: Error) => setLoadError(error.message));
  }, []);
  return (
    <Panel title="Site settings">
      {loadError ? <p role="alert">{loadError}</p> : null}
      {settings ? (
        <>
          {can('site-settings:write') ? null : <ReadOnlyNote />}
          <GeneralForm initial={settings.site} editable={can('site-settings:write')} />
          <StoreForm initial={settings.store} editable={can('store-settings:write')} />
        </>
      ) : loadError ? null : (
        <p>Loading…</p>
      )}
    </Panel>
  );
}

function GeneralForm({ initial, editable }: { initial: SiteSettingsInput; editable: boolean }) {
  const [values, setValues] = useState(initial);
  const { form, problems, status, busy, save } = useSaveForm(
    siteSettingsSchema,
    async (value) => {
      const saved = await ownerRequest<Settings>('/api/owner/site-settings', { method: 'PUT', body: value });
      setValues(saved.site);
    },
    'Site settings saved.',
  );
  const field = (name: keyof SiteSettingsInput) => ({
    name,
    value: values[name],
    onChange: (value: string) => setValues({ ...values, [name]: value }),
    problem: problems[name],
    disabled: !editable,
  });
  return (
    <form
      ref={form}
      className="form"
      noValidate
      aria-labelledby="general-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void save(values);
      }}
    >
      <h2 id="general-heading">General</h2>
      <TextField label="Site title" {...field('siteTitle')} required />
      <TextField label="Description" {...field('siteDescription')} multiline />
      <TextField label="Time zone" hint="An IANA time zone, such as America/New_York." {...field('timeZone')} />
      <TextField label="Language" hint="A language tag, such as en-US." {...field('language')} />
      <TextField label="Currency" hint="An ISO 4217 code, such as USD." {...field('baseCurrency')} />
      <TextField label="Captcha site key" hint="Leave empty for no captcha on forms." {...field('captchaSiteKey')} />
      <Status status={status} />
      {editable ? (
        <button type="submit" className="button button--primary" disabled={busy}>
          Save general settings
        </button>
      ) : null}
    </form>
  );
}

function StoreForm({ initial, editable }: { initial: StoreSettingsInput; editable: boolean }) {
  const [values, setValues] = useState(initial);
  const { form, problems, status, busy, save } = useSaveForm(
    storeSettingsInputSchema,
    async (value) => {
      const saved = await ownerRequest<Settings>('/api/owner/store-settings', { method: 'PUT', body: value });
      setValues(saved.store);
    },
    'Store settings saved.',
  );
  return (
    <form
      ref={form}
      className="form"
      noValidate
      aria-labelledby="store-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void save(values);
      }}
    >
      <h2 id="store-heading">Store</h2>
      <TextField
        label="Store title"
        name="storeTitle"
        value={values.storeTitle}
        onChange={(storeTitle) => setValues({ ...values, storeTitle })}
        problem={problems.storeTitle}
        disabled={!editable}
      />
      <TextField
        label="Minimum order subtotal"
        name="minimumSubtotal"
        hint="In the site's currency, such as 25.00. Leave empty for none."
        value={values.minimumSubtotal}
        onChange={(minimumSubtotal) => setValues({ ...values, minimumSubtotal })}
        problem={problems.minimumSubtotal}
        disabled={!editable}
      />
      <TextField
        label="Ask buyers for reviews after (days)"
        name="reviewsRequestDays"
        hint="Days after an order is fulfilled that its buyer is emailed a reviews request. 0 sends none."
        value={values.reviewsRequestDays ?? ''}
        onChange={(reviewsRequestDays) => setValues({ ...values, reviewsRequestDays })}
        problem={problems.reviewsRequestDays}
        disabled={!editable}
      />
      <CheckboxField
        label="Allow more than one of a service in a cart"
        name="multipleQuantityAllowedForServices"
        checked={values.multipleQuantityAllowedForServices}
        onChange={(multipleQuantityAllowedForServices) => setValues({ ...values, multipleQuantityAllowedForServices })}
        disabled={!editable}
      />
      <Status status={status} />
      {editable ? (
        <button type="submit" className="button button--primary" disabled={busy}>
          Save store settings
        </button>
      ) : null}
    </form>
  );
}
