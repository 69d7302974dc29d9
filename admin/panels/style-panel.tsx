/**
 * Style (issue 23): the template's own tweaks from its stylesheets
 * (colours, fonts, sizes), each checked as it is typed with the same rules
 * as the server (spec section 5's colour rules and messages), the preview
 * following every change unsaved, and saved for the whole site, which
 * /site.css then compiles in.
 */
import { useEffect, useState } from 'react';
import { colourToHex } from '../../shared/colour-rules.ts';
import { checkTweakValue, type TweakInfo } from '../../shared/style-tweaks.ts';
import { contentApi } from '../content/content-api.ts';
import { LivePreview } from '../content/live-preview.tsx';
import { saveFailure } from '../content/save-outcome.ts';
import { CheckboxField, type Problems, TextField } from '../form-fields.tsx';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { useSession } from '../session.tsx';

type Values = Record<string, string | boolean>;

const FONT_NAMES = (stack: string) => stack.split(',')[0]!.replace(/['"]/g, '').trim();

/** Each value the panel holds against its tweak: the messages of those that do not fit. */
function problemsOf(tweaks: readonly TweakInfo[], values: Values): Problems {
  const problems: Problems = {};
  for (const tweak of tweaks) {
    const result = checkTweakValue(tweak, values[tweak.name] ?? tweak.default);
    if (!result.ok) problems[tweak.name] = result.message;
  }
  return problems;
}

function TweakField({
  tweak,
  value,
  onChange,
  problem,
}: {
  tweak: TweakInfo;
  value: string | boolean;
  onChange(value: string | boolean): void;
  problem?: string;
}) {
  if (tweak.type === 'checkbox') {
    return (
      <CheckboxField
        label={tweak.title}
        name={tweak.name}
        checked={value === true || value === 'true'}
        onChange={onChange}
      />
    );
  }
  const text = String(value);
  if (tweak.options) {
    return (
      <label className="field">
        {tweak.title}
        <select name={tweak.name} value={text} onChange={(event) => onChange(event.target.value)}>
          {tweak.options.map((option) => (
            <option key={option} value={option}>
              {tweak.type === 'font' ? FONT_NAMES(option) : option}
            </option>
          ))}
        </select>
      </label>
    );
  }
  if (tweak.type === 'color') {
    return (
      <div className="tweak-colour">
        <TextField
          label={tweak.title}
          name={tweak.name}
          hint="Hex (#a1461f), rgb(), hsl() with saturation and lightness from 0 to 1 or 0% to 100%, hwb() or a colour name."
          value={text}
          onChange={onChange}
          problem={problem}
        />
        <label className="tweak-colour__picker">
          <span className="visually-hidden">{tweak.title} picker</span>
          <input
            type="color"
            value={colourToHex(text) ?? '#000000'}
            onChange={(event) => onChange(event.target.value)}
          />
        </label>
      </div>
    );
  }
  const range =
    tweak.min !== undefined || tweak.max !== undefined
      ? `From ${tweak.min}${tweak.unit ?? ''} to ${tweak.max}${tweak.unit ?? ''}.`
      : undefined;
  return (
    <TextField label={tweak.title} name={tweak.name} hint={range} value={text} onChange={onChange} problem={problem} />
  );
}

export function StylePanel() {
  const { can } = useSession();
  const writable = can('design:write');
  const [tweaks, setTweaks] = useState<TweakInfo[] | null>(null);
  const [values, setValues] = useState<Values>({});
  const [path, setPath] = useState('/');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const [serverProblems, setServerProblems] = useState<Problems>({});

  useEffect(() => {
    contentApi
      .tweaks()
      .then((answer) => {
        setTweaks(answer.tweaks);
        setValues(
          Object.fromEntries(
            answer.tweaks.map((t) => [t.name, (answer.values[t.name] as string | boolean | undefined) ?? t.default]),
          ),
        );
      })
      .catch((error: Error) => setStatus({ kind: 'error', message: error.message }));
  }, []);
  if (!tweaks) {
    return (
      <Panel title="Style">
        <Status status={status} />
        <p>Loading…</p>
      </Panel>
    );
  }
  const problems = { ...serverProblems, ...problemsOf(tweaks, values) };
  const valid = Object.keys(problemsOf(tweaks, values)).length === 0;
  /** Only what differs from the template's defaults is kept for the site. */
  const changed = Object.fromEntries(
    tweaks.filter((t) => String(values[t.name]) !== t.default).map((t) => [t.name, values[t.name]!]),
  );
  const save = async (next: Values) => {
    try {
      const answer = await contentApi.saveTweaks(next);
      setValues(
        Object.fromEntries(
          answer.tweaks.map((t) => [t.name, (answer.values[t.name] as string | boolean | undefined) ?? t.default]),
        ),
      );
      setServerProblems({});
      setStatus({ kind: 'ok', message: 'The styles are saved for the whole site.' });
    } catch (error) {
      const failure = saveFailure(error);
      setServerProblems(failure.problems);
      setStatus({ kind: 'error', message: failure.message });
    }
  };
  return (
    <Panel
      title="Style"
      intro="The template's colours, fonts and sizes. The preview shows each change before it is saved."
    >
      {writable ? null : <ReadOnlyNote />}
      <Status status={status} />
      <div className="editor-layout">
        <form
          className="form editor-layout__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!valid) {
              setStatus({ kind: 'error', message: 'Please check the highlighted fields.' });
              return;
            }
            void save(changed);
          }}
        >
          <fieldset disabled={!writable}>
            <legend className="visually-hidden">Style settings</legend>
            {tweaks.length === 0 ? <p>This site’s template declares no style settings.</p> : null}
            {tweaks.map((tweak) => (
              <TweakField
                key={tweak.name}
                tweak={tweak}
                value={values[tweak.name] ?? tweak.default}
                onChange={(value) => {
                  setServerProblems({});
                  setValues({ ...values, [tweak.name]: value });
                }}
                problem={problems[tweak.name]}
              />
            ))}
            <div className="form__actions">
              <button type="submit" className="button button--primary">
                Save styles
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  setValues(Object.fromEntries(tweaks.map((t) => [t.name, t.default])));
                  void save({});
                }}
              >
                Reset to the template’s styles
              </button>
            </div>
          </fieldset>
          <TextField
            label="Page to preview"
            name="previewPath"
            hint="A path of the site, such as / or /shop."
            value={path}
            onChange={setPath}
          />
        </form>
        <LivePreview
          input={valid && path.startsWith('/') ? { subject: { kind: 'site', path }, tweaks: changed } : null}
        />
      </div>
    </Panel>
  );
}
