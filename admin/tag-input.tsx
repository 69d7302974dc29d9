/**
 * A list of tags or categories: each shown with a button that removes it,
 * and a field that adds one on Enter or with its button. What the field
 * holds is checked as the server checks it (shared/product-input.ts: at most
 * 50 characters a tag, 25 a category, 'This {tagType} already exists'), and
 * the message is tied to the field and announced.
 */
import { useId, useState } from 'react';
import { type TagType, tagProblem } from '../shared/product-input.ts';

interface TagInputProps {
  tagType: TagType;
  label: string;
  name: string;
  values: readonly string[];
  onChange(values: string[]): void;
  /** Offered while typing (the store's categories). */
  suggestions?: readonly string[];
  /** A message from the server about the list. */
  problem?: string;
  disabled?: boolean;
}

export function TagInput({ tagType, label, name, values, onChange, suggestions, problem, disabled }: TagInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [own, setOwn] = useState<string | null>(null);
  const shown = own ?? problem;
  const add = () => {
    const message = tagProblem(tagType, text, values);
    setOwn(message);
    if (message) return;
    onChange([...values, text.trim()]);
    setText('');
  };
  return (
    <div className={`field tag-input${shown ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {values.length > 0 ? (
        <ul className="tag-input__list" aria-label={`${label} chosen`}>
          {values.map((value) => (
            <li key={value} className="tag-input__chip">
              <span>{value}</span>
              {disabled ? null : (
                <button
                  type="button"
                  className="tag-input__remove"
                  aria-label={`Remove ${tagType} ${value}`}
                  onClick={() => onChange(values.filter((other) => other !== value))}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {disabled ? null : (
        <div className="tag-input__add">
          <input
            id={id}
            name={name}
            value={text}
            list={suggestions ? `${id}-suggestions` : undefined}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? `${id}-problem` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setOwn(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <button type="button" className="button" onClick={add}>
            Add {tagType}
          </button>
          {suggestions ? (
            <datalist id={`${id}-suggestions`}>
              {suggestions
                .filter((suggestion) => !values.includes(suggestion))
                .map((suggestion) => (
                  <option key={suggestion} value={suggestion} />
                ))}
            </datalist>
          ) : null}
        </div>
      )}
      {shown ? (
        <p className="field__problem" id={`${id}-problem`} role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
