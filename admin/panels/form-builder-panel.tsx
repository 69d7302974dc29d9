/**
 * The form builder (issue 22): a form's fields and settings in the form
 * model's fieldset steps (spec section 3: BUILD, STORAGE, ADVANCED,
 * CAPTCHA, DISCLAIMER). Fields are added by type, edited with the
 * properties the builder offers for that type, moved with Up and Down
 * buttons or Alt+Arrow keys (the focus stays on the moved field), and
 * removed. Saving checks with the shared schema first
 * (shared/form-builder-schema.ts); a problem opens its step and field and
 * takes the focus. A saved form moves the content version, so the site
 * shows it on the next page.
 */
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  type BuilderFieldInput,
  type FieldsetStep,
  FORM_SETTING_STEPS,
  type FormBuilderDraft,
  type FormBuilderInput,
  formBuilderSchema,
} from '../../shared/form-builder-schema.ts';
import { FIELD_PROPERTIES, FORM_FIELD_TYPES, type FormFieldType } from '../../shared/form-field-types.ts';
import { CheckboxField, check, type Problems, TextField } from '../form-fields.tsx';
import { ClientApiError, ownerRequest } from '../owner-api.ts';
import { Panel, ReadOnlyNote, Status } from '../panel.tsx';
import { useSession } from '../session.tsx';
import {
  changeField,
  type EditableField,
  editableField,
  FIELD_TYPE_LABELS,
  moveField,
  newField,
  problemFieldIndex,
  removeField,
  sentFields,
} from './form-builder-model.ts';
import { StepTabs } from './step-tabs.tsx';

interface FormSummary {
  id: string;
  name: string;
  isNewsletter: boolean;
}

interface BuilderForm extends FormBuilderDraft {
  id: string;
  isNewsletter: boolean;
}

type Settings = Omit<FormBuilderInput, 'fields'>;

const STEPS: readonly { key: FieldsetStep; label: string }[] = [
  { key: 'BUILD', label: 'Build' },
  { key: 'STORAGE', label: 'Storage' },
  { key: 'ADVANCED', label: 'Advanced' },
  { key: 'CAPTCHA', label: 'Captcha' },
  { key: 'DISCLAIMER', label: 'Disclaimer' },
];

type SaveStatus = { kind: 'ok' | 'error'; message: string } | null;

export function FormBuilderPanel() {
  const [forms, setForms] = useState<FormSummary[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    ownerRequest<{ forms: FormSummary[] }>('/api/owner/forms').then(
      ({ forms }) => {
        setForms(forms);
        setChosen(forms[0]?.id ?? null);
      },
      (error: Error) => setLoadError(error.message),
    );
  }, []);
  return (
    <Panel title="Forms" intro="The fields of each form on the site and what happens when a visitor sends one.">
      {loadError ? <p role="alert">{loadError}</p> : null}
      {forms === null && !loadError ? <p>Loading…</p> : null}
      {forms?.length === 0 ? <p>The site has no forms yet.</p> : null}
      {forms && forms.length > 0 ? (
        <div className="field form-chooser">
          <label htmlFor="builder-form-choice">Form</label>
          <select id="builder-form-choice" value={chosen ?? ''} onChange={(event) => setChosen(event.target.value)}>
            {forms.map((form) => (
              <option key={form.id} value={form.id}>
                {form.name}
                {form.isNewsletter ? ' (newsletter)' : ''}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {chosen ? <FormEditor key={chosen} formId={chosen} onRenamed={(forms) => setForms(forms)} /> : null}
    </Panel>
  );
}

function settingsOf(form: BuilderForm): Settings {
  const { id: _id, isNewsletter: _newsletter, fields: _fields, ...settings } = form;
  return settings;
}

/** A field's max length as typed, sent as a number (or -1, which the schema refuses with its message). */
function sentMaxLength(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : -1;
}

interface EditorField extends EditableField {
  /** The max length as typed, so a half-typed number stays on screen. */
  maxLengthText?: string;
}

function toEditor(field: BuilderFieldInput): EditorField {
  const editable: EditorField = editableField(field);
  if (typeof field.maxLength === 'number') editable.maxLengthText = String(field.maxLength);
  return editable;
}

function FormEditor({ formId, onRenamed }: { formId: string; onRenamed(forms: FormSummary[]): void }) {
  const { can } = useSession();
  const editable = can('forms:write');
  const mayChangeHtml = can('code-injection:write');
  const [settings, setSettings] = useState<Settings | null>(null);
  const [fields, setFields] = useState<EditorField[]>([]);
  const [isNewsletter, setIsNewsletter] = useState(false);
  const [step, setStep] = useState<FieldsetStep>('BUILD');
  const [open, setOpen] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [status, setStatus] = useState<SaveStatus>(null);
  const [busy, setBusy] = useState(false);
  const [addType, setAddType] = useState<FormFieldType>('text');
  /** What takes the focus once the list is drawn again: a field's control, or a named input. */
  const [focus, setFocus] = useState<{ selector: string; fallback?: string } | null>(null);
  const root = useRef<HTMLDivElement>(null);

  const load = useCallback((form: BuilderForm) => {
    setSettings(settingsOf(form));
    setFields(form.fields.map(toEditor));
    setIsNewsletter(form.isNewsletter);
  }, []);
  useEffect(() => {
    ownerRequest<BuilderForm>(`/api/owner/forms/${encodeURIComponent(formId)}`).then(load, (error: Error) =>
      setStatus({ kind: 'error', message: error.message }),
    );
  }, [formId, load]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list and step drawn again are what the focus must follow.
  useEffect(() => {
    if (!focus || !root.current) return;
    const target =
      root.current.querySelector<HTMLElement>(`${focus.selector}:not(:disabled)`) ??
      (focus.fallback ? root.current.querySelector<HTMLElement>(focus.fallback) : null);
    target?.focus();
    setFocus(null);
  }, [focus, fields, step, open]);

  if (!settings) return <Status status={status} />;

  const change = (next: EditorField[]) => {
    setFields(next);
    setStatus(null);
  };
  const move = (index: number, by: -1 | 1, control: 'up' | 'down') => {
    const field = fields[index]!;
    change(moveField(fields, index, by) as EditorField[]);
    const other = control === 'up' ? 'down' : 'up';
    setFocus({
      selector: `[data-field-key="${field.uid}"][data-control="${control}"]`,
      fallback: `[data-field-key="${field.uid}"][data-control="${other}"]`,
    });
  };
  const onRowKeyDown = (index: number, event: KeyboardEvent<HTMLLIElement>) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? -1 : 1, event.key === 'ArrowUp' ? 'up' : 'down');
  };
  const remove = (index: number) => {
    const next = fields[index + 1] ?? fields[index - 1];
    change(removeField(fields, index) as EditorField[]);
    setFocus({
      selector: next ? `[data-field-key="${next.uid}"][data-control="edit"]` : '#builder-add-type',
    });
  };
  const add = () => {
    const field: EditorField = newField(addType);
    change([...fields, field]);
    setOpen(field.uid);
    setFocus({ selector: `[name="fields.${fields.length}.title"]` });
  };

  const showProblems = (found: Problems) => {
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first === undefined) return;
    const top = first.split('.')[0] as keyof FormBuilderInput;
    setStep(FORM_SETTING_STEPS[top] ?? 'BUILD');
    const index = problemFieldIndex(first);
    if (index !== undefined && fields[index]) setOpen(fields[index].uid);
    setFocus({ selector: `[name="${CSS.escape(first)}"]`, fallback: `[data-field-index="${index}"]` });
  };

  const save = async () => {
    const body = {
      ...settings,
      fields: sentFields(fields).map((field, index) => ({
        ...field,
        options: field.options?.map((option) => option.trim()).filter((option) => option !== ''),
        maxLength: sentMaxLength(fields[index]!.maxLengthText),
      })),
    };
    const checked = check(formBuilderSchema, body);
    if (!checked.ok) {
      setStatus({ kind: 'error', message: 'Please check the highlighted fields.' });
      showProblems(checked.problems);
      return;
    }
    setBusy(true);
    setProblems({});
    try {
      const saved = await ownerRequest<BuilderForm>(`/api/owner/forms/${encodeURIComponent(formId)}`, {
        method: 'PUT',
        body: checked.value,
      });
      load(saved);
      setOpen(null);
      setStatus({ kind: 'ok', message: `${saved.name} saved. The site shows it now.` });
      const list = await ownerRequest<{ forms: FormSummary[] }>('/api/owner/forms');
      onRenamed(list.forms);
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      if (error instanceof ClientApiError && error.fields) showProblems(error.fields);
    } finally {
      setBusy(false);
    }
  };

  const text = (label: string, name: keyof Settings, extra: { hint?: string; multiline?: boolean } = {}) => (
    <TextField
      label={label}
      name={name}
      value={String(settings[name] ?? '')}
      onChange={(value) => setSettings({ ...settings, [name]: value })}
      problem={problems[name]}
      disabled={!editable || (name === 'submissionHtml' && !mayChangeHtml)}
      {...extra}
    />
  );

  return (
    <div ref={root}>
      {editable ? null : <ReadOnlyNote />}
      <form
        className="form form-builder"
        noValidate
        aria-label={`Edit the form ${settings.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <StepTabs<FieldsetStep>
          label="Form settings"
          steps={STEPS}
          current={step}
          onChoose={setStep}
          idPrefix="form-step"
        >
          {step === 'BUILD' ? (
            <fieldset>
              <legend>Build</legend>
              {text('Form name', 'name')}
              <h2 id="builder-fields-heading">Fields</h2>
              <p className="note" id="builder-move-hint">
                Move a field with its Up and Down buttons, or with Alt+Up and Alt+Down arrow keys.
              </p>
              {fields.length === 0 ? <p>No fields yet.</p> : null}
              <ol className="builder-fields" aria-labelledby="builder-fields-heading">
                {fields.map((field, index) => (
                  <FieldRow
                    key={field.uid}
                    field={field}
                    index={index}
                    count={fields.length}
                    editable={editable}
                    open={open === field.uid}
                    problems={problems}
                    onToggle={() => setOpen(open === field.uid ? null : field.uid)}
                    onChange={(change) => setFields(changeField(fields, index, change) as EditorField[])}
                    onMove={(by, control) => move(index, by, control)}
                    onRemove={() => remove(index)}
                    onKeyDown={(event) => onRowKeyDown(index, event)}
                  />
                ))}
              </ol>
              {editable ? (
                <div className="form--inline builder-add">
                  <div className="field">
                    <label htmlFor="builder-add-type">Field type</label>
                    <select
                      id="builder-add-type"
                      value={addType}
                      onChange={(event) => setAddType(event.target.value as FormFieldType)}
                    >
                      {FORM_FIELD_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {FIELD_TYPE_LABELS[type]}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button type="button" className="button" onClick={add}>
                    Add field
                  </button>
                </div>
              ) : null}
            </fieldset>
          ) : null}
          {step === 'STORAGE' ? (
            <fieldset>
              <legend>Storage</legend>
              <p className="note">Every submission is kept on the Form submissions page as well.</p>
              {text('Email each submission to', 'notificationEmail', { hint: 'Leave empty to send no email.' })}
              {text('Mailing list', 'mailingList', {
                hint: isNewsletter
                  ? 'The mailing list sign-ups go to.'
                  : 'Only newsletter forms add people to a mailing list.',
              })}
            </fieldset>
          ) : null}
          {step === 'ADVANCED' ? (
            <fieldset>
              <legend>Advanced</legend>
              {text('Submit button text', 'submitButtonText', { hint: 'Leave empty for “Submit”.' })}
              {text('Message after sending', 'submissionMessage', { multiline: true })}
              {text('HTML after sending', 'submissionHtml', {
                multiline: true,
                hint: mayChangeHtml
                  ? 'Shown as it is below the message.'
                  : 'Only a role that may change code injection can change this.',
              })}
              {text('Go to this page after sending', 'successRedirect', {
                hint: 'A path such as /thank-you or a full address; leave empty to stay on the page.',
              })}
            </fieldset>
          ) : null}
          {step === 'CAPTCHA' ? (
            <fieldset>
              <legend>Captcha</legend>
              <p className="note">The captcha shows only when the site settings hold a captcha site key.</p>
              <CheckboxField
                label="Ask for a captcha"
                name="captchaEnabled"
                checked={settings.captchaEnabled}
                onChange={(captchaEnabled) => setSettings({ ...settings, captchaEnabled })}
                disabled={!editable}
              />
              <Choice
                label="Theme"
                name="captchaTheme"
                value={settings.captchaTheme}
                options={{ light: 'Light', dark: 'Dark' }}
                disabled={!editable}
                onChange={(captchaTheme) => setSettings({ ...settings, captchaTheme })}
              />
              <Choice
                label="Alignment"
                name="captchaAlignment"
                value={settings.captchaAlignment}
                options={{ left: 'Left', center: 'Center', right: 'Right' }}
                disabled={!editable}
                onChange={(captchaAlignment) => setSettings({ ...settings, captchaAlignment })}
              />
            </fieldset>
          ) : null}
          {step === 'DISCLAIMER' ? (
            <fieldset>
              <legend>Disclaimer</legend>
              {text('Disclaimer', 'disclaimerMessage', {
                multiline: true,
                hint: 'Shown under the form; leave empty for none.',
              })}
            </fieldset>
          ) : null}
        </StepTabs>
        <Status status={status} />
        {editable ? (
          <button type="submit" className="button button--primary" disabled={busy}>
            Save form
          </button>
        ) : null}
      </form>
    </div>
  );
}

function Choice<T extends string>({
  label,
  name,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  name: string;
  value: T;
  options: Record<T, string>;
  disabled: boolean;
  onChange(value: T): void;
}) {
  return (
    <div className="field">
      <label htmlFor={`builder-${name}`}>{label}</label>
      <select
        id={`builder-${name}`}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {(Object.keys(options) as T[]).map((option) => (
          <option key={option} value={option}>
            {options[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

function FieldRow({
  field,
  index,
  count,
  editable,
  open,
  problems,
  onToggle,
  onChange,
  onMove,
  onRemove,
  onKeyDown,
}: {
  field: EditorField;
  index: number;
  count: number;
  editable: boolean;
  open: boolean;
  problems: Problems;
  onToggle(): void;
  onChange(change: Partial<EditorField>): void;
  onMove(by: -1 | 1, control: 'up' | 'down'): void;
  onRemove(): void;
  onKeyDown(event: KeyboardEvent<HTMLLIElement>): void;
}) {
  const title = field.title || FIELD_TYPE_LABELS[field.type];
  const editorId = `builder-field-${field.uid}`;
  const prefix = `fields.${index}`;
  const hasProblem = Object.keys(problems).some((path) => path === prefix || path.startsWith(`${prefix}.`));
  const offered = FIELD_PROPERTIES[field.type];
  const fieldText = (label: string, property: 'description' | 'placeholder' | 'currencySymbol' | 'key' | 'value') => (
    <TextField
      label={label}
      name={`${prefix}.${property}`}
      value={field[property] ?? ''}
      onChange={(value) => onChange({ [property]: value })}
      problem={problems[`${prefix}.${property}`]}
      disabled={!editable}
      multiline={property === 'description'}
    />
  );
  const flag = (label: string, property: 'required' | 'showCountryCode' | 'underline') => (
    <CheckboxField
      label={label}
      name={`${prefix}.${property}`}
      checked={field[property] === true}
      onChange={(checked) => onChange({ [property]: checked })}
      disabled={!editable}
    />
  );
  return (
    // Alt+Arrow keys pressed on the row's buttons move the field; the Up and Down buttons do the same.
    <li className={`builder-field${hasProblem ? ' builder-field--invalid' : ''}`} onKeyDown={onKeyDown}>
      <div className="builder-field__summary">
        <span className="builder-field__title">{title}</span>{' '}
        <span className="note">
          {FIELD_TYPE_LABELS[field.type]}
          {field.required ? ', required' : ''}
        </span>
        <span className="nav-editor__actions">
          <button
            type="button"
            className="button"
            data-field-key={field.uid}
            data-field-index={index}
            data-control="edit"
            aria-expanded={open}
            aria-controls={editorId}
            aria-label={`${editable ? 'Edit' : 'Show'} ${title}`}
            aria-describedby="builder-move-hint"
            onClick={onToggle}
          >
            {open ? 'Close' : editable ? 'Edit' : 'Show'}
          </button>
          {editable ? (
            <>
              <button
                type="button"
                className="button"
                data-field-key={field.uid}
                data-control="up"
                aria-label={`Move ${title} up`}
                disabled={index === 0}
                onClick={() => onMove(-1, 'up')}
              >
                Up
              </button>
              <button
                type="button"
                className="button"
                data-field-key={field.uid}
                data-control="down"
                aria-label={`Move ${title} down`}
                disabled={index === count - 1}
                onClick={() => onMove(1, 'down')}
              >
                Down
              </button>
              <button type="button" className="button button--danger" aria-label={`Remove ${title}`} onClick={onRemove}>
                Remove
              </button>
            </>
          ) : null}
        </span>
      </div>
      {problems[`${prefix}.id`] ? <p className="field__problem">{problems[`${prefix}.id`]}</p> : null}
      {open ? (
        <fieldset id={editorId} className="builder-field__editor">
          <legend>
            {title} ({FIELD_TYPE_LABELS[field.type]})
          </legend>
          {field.id === undefined && editable ? (
            <div className="field">
              <label htmlFor={`${editorId}-type`}>Field type</label>
              <select
                id={`${editorId}-type`}
                name={`${prefix}.type`}
                value={field.type}
                onChange={(event) => onChange({ type: event.target.value as FormFieldType })}
              >
                {FORM_FIELD_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {FIELD_TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <TextField
            label="Label"
            name={`${prefix}.title`}
            value={field.title}
            onChange={(value) => onChange({ title: value })}
            problem={problems[`${prefix}.title`]}
            disabled={!editable}
            required
          />
          {offered.includes('description') ? fieldText('Description', 'description') : null}
          {offered.includes('placeholder') ? fieldText('Placeholder', 'placeholder') : null}
          {offered.includes('currencySymbol') ? fieldText('Currency symbol', 'currencySymbol') : null}
          {offered.includes('options') ? (
            <TextField
              label={field.type === 'likert' ? 'Statements' : 'Options'}
              name={`${prefix}.options`}
              hint="One a line."
              value={(field.options ?? []).join('\n')}
              onChange={(value) => onChange({ options: value.split('\n') })}
              problem={problems[`${prefix}.options`]}
              disabled={!editable}
              multiline
            />
          ) : null}
          {offered.includes('maxLength') ? (
            <TextField
              label="Maximum length"
              name={`${prefix}.maxLength`}
              hint="In characters; leave empty for no limit."
              value={field.maxLengthText ?? ''}
              onChange={(value) => onChange({ maxLengthText: value })}
              problem={problems[`${prefix}.maxLength`]}
              disabled={!editable}
            />
          ) : null}
          {offered.includes('key') ? fieldText('Key (the query parameter that fills it)', 'key') : null}
          {offered.includes('value') ? fieldText('Value', 'value') : null}
          {offered.includes('showCountryCode') ? flag('Ask for the country code', 'showCountryCode') : null}
          {offered.includes('underline') ? flag('Underline', 'underline') : null}
          {offered.includes('required') ? flag('Required', 'required') : null}
        </fieldset>
      ) : null}
    </li>
  );
}
