/**
 * The Multilingual panel (spec section 7's multilingual calls): the site's
 * translation languages, added from the catalogue or as a custom code with
 * a name, removed through the confirm modal (their translations go with
 * them), multilingual turned off (DELETE /api/multilingual/connection); and
 * the translations of one language, each text beside the site's own, for
 * the site, its pages and navigation links, or the items of one collection.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { confirmModal } from '../../hydrate/modal/confirm-modal.tsx';
import {
  type LanguageJson,
  multilingualLanguagesSchema,
  type TranslationField,
  type TranslationKind,
} from '../../shared/multilingual.ts';
import { check, focusFirstProblem, type Problems, TextField } from '../form-fields.tsx';
import { ClientApiError, ownerRequest } from '../owner-api.ts';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { useSession } from '../session.tsx';

const M = '/api/multilingual';

interface Languages {
  defaultLanguage: LanguageJson;
  languages: LanguageJson[];
  available: LanguageJson[];
}

interface LanguageStatus extends LanguageJson {
  translated: Record<TranslationKind, number>;
  total: Record<TranslationKind, number>;
}

type StatusLine = { kind: 'ok' | 'error'; message: string } | null;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function MultilingualPanel() {
  const { can } = useSession();
  const editable = can('multilingual:write');
  const [languages, setLanguages] = useState<Languages | null>(null);
  const [progress, setProgress] = useState<LanguageStatus[]>([]);
  const [status, setStatus] = useState<StatusLine>(null);
  const load = useCallback(async () => {
    try {
      const [list, state] = await Promise.all([
        ownerRequest<Languages>(`${M}/languages`),
        ownerRequest<{ languages: LanguageStatus[] }>(`${M}/status`),
      ]);
      setLanguages(list);
      setProgress(state.languages);
    } catch (error) {
      setStatus({ kind: 'error', message: messageOf(error) });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  /** Stores a new language list; the server's field messages come back as problems of the add form. */
  const saveList = async (list: Array<{ code: string; name?: string }>, done: string): Promise<Problems | null> => {
    try {
      await ownerRequest(`${M}/languages`, { method: 'PUT', body: { languages: list } });
      await load();
      setStatus({ kind: 'ok', message: done });
      return null;
    } catch (error) {
      setStatus({ kind: 'error', message: messageOf(error) });
      return error instanceof ClientApiError && error.fields ? error.fields : {};
    }
  };
  const current = (languages?.languages ?? []).map(({ code, name, custom }) => (custom ? { code, name } : { code }));

  const remove = async (language: LanguageJson) => {
    const confirmed = await confirmModal({
      title: 'Remove language',
      message: `Remove ${language.name}? Its pages at ${language.urlPrefix} stop, and its translations are deleted.`,
      confirmText: 'Remove language',
    });
    if (!confirmed) return;
    await saveList(
      current.filter((entry) => entry.code !== language.code),
      `${language.name} was removed.`,
    );
  };

  const turnOff = async () => {
    const confirmed = await confirmModal({
      title: 'Turn off multilingual',
      message: 'Remove every translation language and its translations? The site stays in its own language.',
      confirmText: 'Turn off',
    });
    if (!confirmed) return;
    try {
      await ownerRequest(`${M}/connection`, { method: 'DELETE' });
      setStatus({ kind: 'ok', message: 'Multilingual is off: the site is in its own language only.' });
    } catch (error) {
      setStatus({ kind: 'error', message: messageOf(error) });
    }
    await load();
  };

  return (
    <Panel
      title="Multilingual"
      intro="Serve the site in more languages. Each language's pages are the site's own under its address (such as /fr/about), with the texts you translate below and the site's own wherever there is none. Visitors switch with the language switcher in the site's header."
    >
      {editable ? null : <ReadOnlyNote />}
      <Status status={status} />
      {languages === null ? (
        <p>Loading…</p>
      ) : (
        <>
          <h2>Languages</h2>
          <p>
            The site's own language is {languages.defaultLanguage.name} ({languages.defaultLanguage.code}); it is chosen
            in the site settings.
          </p>
          {languages.languages.length === 0 ? (
            <p>No translation languages yet.</p>
          ) : (
            <table className="table">
              <caption className="visually-hidden">Translation languages</caption>
              <thead>
                <tr>
                  <th scope="col">Language</th>
                  <th scope="col">Address</th>
                  <th scope="col">Translated</th>
                  {editable ? <th scope="col">Actions</th> : null}
                </tr>
              </thead>
              <tbody>
                {languages.languages.map((language) => (
                  <tr key={language.code}>
                    <th scope="row">
                      {language.name}{' '}
                      <span lang={language.custom ? undefined : language.code}>({language.nativeName})</span>
                    </th>
                    <td>
                      <a href={`${language.urlPrefix}/`}>{language.urlPrefix}/</a>
                    </td>
                    <td>{progressText(progress.find((entry) => entry.code === language.code))}</td>
                    {editable ? (
                      <td>
                        <button type="button" className="button button--danger" onClick={() => void remove(language)}>
                          Remove<span className="visually-hidden"> {language.name}</span>
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {editable ? (
            <AddLanguageForm
              available={languages.available.filter(
                (option) => !languages.languages.some((language) => language.code === option.code),
              )}
              onAdd={async (language) => {
                const known = languages.available.find((option) => option.code === language.code);
                const name = known?.name ?? language.name ?? language.code;
                const refused = await saveList([...current, language], `${name} was added.`);
                // The server names the new language by its place in the whole list; the form has it alone.
                const at = `languages.${current.length}.`;
                return (
                  refused &&
                  Object.fromEntries(
                    Object.entries(refused).map(([key, message]) => [key.replace(at, 'languages.0.'), message]),
                  )
                );
              }}
            />
          ) : null}
          {editable && languages.languages.length > 0 ? (
            <p>
              <button type="button" className="button button--danger" onClick={() => void turnOff()}>
                Turn off multilingual
              </button>
            </p>
          ) : null}
          {languages.languages.length > 0 ? (
            <TranslationsForm
              languages={languages.languages}
              defaultLanguage={languages.defaultLanguage}
              onSaved={load}
            />
          ) : null}
        </>
      )}
    </Panel>
  );
}

function progressText(entry: LanguageStatus | undefined): string {
  if (!entry) return '';
  const pages = `${entry.translated.collection} of ${entry.total.collection} pages`;
  const links = `${entry.translated['navigation-link']} of ${entry.total['navigation-link']} links`;
  return `${pages}, ${links}, ${entry.translated.item} items`;
}

const OTHER = 'other';

function AddLanguageForm({
  available,
  onAdd,
}: {
  available: LanguageJson[];
  onAdd(language: { code: string; name?: string }): Promise<Problems | null>;
}) {
  const selectId = useId();
  const [choice, setChoice] = useState(available[0]?.code ?? OTHER);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  // A language just added leaves the list: the choice moves on to the first one left.
  const chosen =
    choice === OTHER || available.some((language) => language.code === choice) ? choice : available[0]?.code;
  const other = (chosen ?? OTHER) === OTHER;
  return (
    <form
      className="form"
      noValidate
      aria-labelledby={`${selectId}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const language = other ? { code, ...(name.trim() ? { name } : {}) } : { code: chosen ?? '' };
        // The code's own rules (the server checks the site's: its language, its pages' addresses).
        const checked = check(multilingualLanguagesSchema, { languages: [language] });
        const own = (fields: Problems) => ({
          code: fields['languages.0.code'] ?? fields.languages ?? '',
          name: fields['languages.0.name'] ?? '',
        });
        if (!checked.ok) {
          const found = Object.fromEntries(Object.entries(own(checked.problems)).filter(([, message]) => message));
          setProblems(found);
          focusFirstProblem(form, found);
          return;
        }
        setBusy(true);
        void onAdd(language).then((refused) => {
          setBusy(false);
          if (refused === null) {
            setProblems({});
            setCode('');
            setName('');
            return;
          }
          const found = Object.fromEntries(Object.entries(own(refused)).filter(([, message]) => message));
          setProblems(found);
          focusFirstProblem(form, found);
        });
      }}
    >
      <h2 id={`${selectId}-heading`}>Add a language</h2>
      <div className="field">
        <label htmlFor={selectId}>Language to add</label>
        <select id={selectId} name="choice" value={chosen ?? OTHER} onChange={(e) => setChoice(e.target.value)}>
          {available.map((language) => (
            <option key={language.code} value={language.code}>
              {language.name} ({language.code})
            </option>
          ))}
          <option value={OTHER}>Another code…</option>
        </select>
      </div>
      {other ? (
        <>
          <TextField
            label="Language code"
            name="code"
            value={code}
            onChange={setCode}
            problem={problems.code}
            hint="A code such as de-CH, or your own such as x-pirate."
          />
          <TextField
            label="Language name"
            name="name"
            value={name}
            onChange={setName}
            problem={problems.name}
            hint="Needed for a code of your own."
          />
        </>
      ) : problems.code ? (
        <p className="field__problem" role="alert">
          {problems.code}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        Add language
      </button>
    </form>
  );
}

interface TranslationTarget {
  kind: TranslationKind;
  id: string;
  label: string;
  fields: Array<{ field: TranslationField; label: string; original: string; value: string }>;
}

interface TranslationsAnswer {
  language: LanguageJson;
  /** The collections with items, whose items can be translated in turn. */
  collections: Array<{ id: string; title: string; items: number }>;
  targets: TranslationTarget[];
}

const SITE_CONTENT = '';

function TranslationsForm({
  languages,
  defaultLanguage,
  onSaved,
}: {
  languages: LanguageJson[];
  defaultLanguage: LanguageJson;
  onSaved(): Promise<void>;
}) {
  const { can } = useSession();
  const editable = can('translations:write');
  const languageId = useId();
  const contentId = useId();
  const [code, setCode] = useState(languages[0]!.code);
  const [collectionId, setCollectionId] = useState(SITE_CONTENT);
  const [collections, setCollections] = useState<TranslationsAnswer['collections']>([]);
  const [answer, setAnswer] = useState<TranslationsAnswer | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<StatusLine>(null);
  const [busy, setBusy] = useState(false);
  const language = languages.find((entry) => entry.code === code) ?? languages[0]!;

  const path = `${M}/translations/${encodeURIComponent(language.code)}${
    collectionId === SITE_CONTENT ? '' : `?collectionId=${encodeURIComponent(collectionId)}`
  }`;
  const show = useCallback((loaded: TranslationsAnswer) => {
    setAnswer(loaded);
    setCollections(loaded.collections);
    setValues(
      Object.fromEntries(
        loaded.targets.flatMap((target) => target.fields.map((field) => [`${target.id}|${field.field}`, field.value])),
      ),
    );
  }, []);
  useEffect(() => {
    setAnswer(null);
    ownerRequest<TranslationsAnswer>(path).then(show, (error: unknown) =>
      setStatus({ kind: 'error', message: messageOf(error) }),
    );
  }, [path, show]);

  const save = async () => {
    if (!answer) return;
    setBusy(true);
    setStatus(null);
    const translations = answer.targets.flatMap((target) =>
      target.fields.map((field) => ({
        kind: target.kind,
        id: target.id,
        field: field.field,
        value: values[`${target.id}|${field.field}`] ?? '',
      })),
    );
    try {
      show(await ownerRequest<TranslationsAnswer>(path, { method: 'PUT', body: { translations } }));
      // The languages' progress is read again first, so what the message says is already shown.
      await onSaved();
      setStatus({ kind: 'ok', message: `Translations saved. The ${language.name} pages show them now.` });
    } catch (error) {
      setStatus({ kind: 'error', message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="form"
      noValidate
      aria-labelledby={`${languageId}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 id={`${languageId}-heading`}>Translations</h2>
      <p>Leave a text empty to show the site's own.</p>
      <div className="field">
        <label htmlFor={languageId}>Translate into</label>
        <select id={languageId} name="language" value={code} onChange={(event) => setCode(event.target.value)}>
          {languages.map((entry) => (
            <option key={entry.code} value={entry.code}>
              {entry.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={contentId}>What to translate</label>
        <select
          id={contentId}
          name="content"
          value={collectionId}
          onChange={(event) => setCollectionId(event.target.value)}
        >
          <option value={SITE_CONTENT}>The site, its pages and navigation</option>
          {collections.map((collection) => (
            <option key={collection.id} value={collection.id}>
              The items of {collection.title} ({collection.items})
            </option>
          ))}
        </select>
      </div>
      {answer === null ? (
        <p>Loading…</p>
      ) : answer.targets.length === 0 ? (
        <p>Nothing to translate here.</p>
      ) : (
        answer.targets.map((target) => (
          <fieldset key={target.id}>
            <legend>{target.label}</legend>
            {target.fields.map((field) => (
              <TextField
                key={field.field}
                label={field.label}
                name={`${target.id}|${field.field}`}
                value={values[`${target.id}|${field.field}`] ?? ''}
                onChange={(value) => setValues({ ...values, [`${target.id}|${field.field}`]: value })}
                hint={field.original ? `In ${defaultLanguage.name}: ${plain(field.original)}` : undefined}
                multiline={field.field === 'body'}
                lang={language.custom ? undefined : language.code}
                disabled={!editable}
              />
            ))}
          </fieldset>
        ))
      )}
      <Status status={status} />
      {editable && answer && answer.targets.length > 0 ? (
        <button type="submit" className="button button--primary" disabled={busy}>
          Save translations
        </button>
      ) : null}
    </form>
  );
}

/** An original shown as a hint: HTML bodies as their text, at most a line or two. */
function plain(text: string): string {
  const stripped = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return stripped.length > 160 ? `${stripped.slice(0, 159)}…` : stripped;
}
