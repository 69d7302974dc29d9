import { useId } from 'react';
import { ROLE_LABELS, ROLE_NUMBERS } from '../../shared/owner-permissions.ts';

/** A labelled select of the spec's roles. */
export function RoleSelect({
  label,
  value,
  onChange,
  name,
  problem,
}: {
  label: string;
  value: number;
  onChange(role: number): void;
  name: string;
  problem?: string;
}) {
  const id = useId();
  return (
    <div className={`field${problem ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {ROLE_NUMBERS.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      {problem ? <p className="field__problem">{problem}</p> : null}
    </div>
  );
}
