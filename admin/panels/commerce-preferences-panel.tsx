/**
 * Commerce preferences (GET and PUT /api/v1/commerce-preferences/{namespace}):
 * a namespace's object as JSON, read through the client store (cache, else
 * one fetch) and saved through it (local copy, refetch event, then the
 * server), which redraws this panel from the event.
 */
import { useEffect, useState } from 'react';
import { commercePreferences, PREFERENCES_REFETCH_EVENT } from '../commerce-preferences-store.ts';
import { TextField } from '../form-fields.tsx';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { useSession } from '../session.tsx';

const NAMESPACE = /^[A-Za-z0-9._-]{1,64}$/;
const NAMESPACE_PROBLEM = 'A namespace is 1 to 64 letters, digits, dots, dashes or underscores.';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

export function CommercePreferencesPanel() {
  const { can } = useSession();
  const editable = can('commerce-preferences:write');
  const [namespace, setNamespace] = useState('storefront');
  const [shown, setShown] = useState('storefront');
  const [text, setText] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);

  useEffect(() => {
    let current = true;
    setText(null);
    commercePreferences.get(shown).then(
      (preferences) => current && setText(pretty(preferences)),
      (error: Error) => current && setStatus({ kind: 'error', message: error.message }),
    );
    const onRefetch = (event: Event) => {
      const changed = (event as CustomEvent<{ namespace: string }>).detail.namespace;
      const copy = commercePreferences.peek(changed);
      if (changed === shown && copy) setText(pretty(copy));
    };
    window.addEventListener(PREFERENCES_REFETCH_EVENT, onRefetch);
    return () => {
      current = false;
      window.removeEventListener(PREFERENCES_REFETCH_EVENT, onRefetch);
    };
  }, [shown]);

  const save = async () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text ?? '');
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      setProblems({ preferences: 'Preferences must be a JSON object.' });
      document.querySelector<HTMLElement>('[name="preferences"]')?.focus();
      return;
    }
    setProblems({});
    try {
      await commercePreferences.set(shown, parsed as Record<string, unknown>);
      setStatus({ kind: 'ok', message: `Preferences for ${shown} saved.` });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Panel title="Commerce preferences" intro="Settings the store's panels keep per namespace, as a JSON object.">
      {editable ? null : <ReadOnlyNote />}
      <form
        className="form form--inline"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!NAMESPACE.test(namespace)) {
            setProblems({ namespace: NAMESPACE_PROBLEM });
            return;
          }
          setProblems({});
          setStatus(null);
          setShown(namespace);
        }}
      >
        <TextField
          label="Namespace"
          name="namespace"
          value={namespace}
          onChange={setNamespace}
          problem={problems.namespace}
        />
        <button type="submit" className="button">
          Open
        </button>
      </form>
      {text === null ? (
        <p>Loading…</p>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextField
            label={`Preferences of ${shown}`}
            name="preferences"
            multiline
            value={text}
            onChange={setText}
            problem={problems.preferences}
            disabled={!editable}
          />
          <Status status={status} />
          {editable ? (
            <button type="submit" className="button button--primary">
              Save preferences
            </button>
          ) : null}
        </form>
      )}
    </Panel>
  );
}
