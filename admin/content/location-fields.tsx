/** An event's or map block's place: its address and map coordinates, each a labelled field. */
import { useState } from 'react';
import type { LocationInput } from '../../shared/content-schemas.ts';
import { type Problems, TextField } from '../form-fields.tsx';

interface Props {
  value: LocationInput;
  onChange(location: LocationInput): void;
  problems: Problems;
  /** Where the server's messages for these fields are: 'location.' or 'block.location.'. */
  prefix: string;
}

const TEXT_FIELDS = [
  ['addressTitle', 'Place name'],
  ['addressLine1', 'Street address'],
  ['addressLine2', 'City and postal code'],
  ['addressCountry', 'Country'],
] as const;

const NUMBER_FIELDS = [
  ['mapLat', 'Latitude'],
  ['mapLng', 'Longitude'],
  ['mapZoom', 'Map zoom (1 to 20)'],
] as const;

/** A number field's text as the value to send: empty is no number (the schema says so), as typed otherwise. */
const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const shown = (number: number | undefined) => (number === undefined || Number.isNaN(number) ? '' : String(number));

export function LocationFields({ value, onChange, problems, prefix }: Props) {
  // The numbers as typed ('-', '43.'), which the value cannot hold on the way to a number.
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(NUMBER_FIELDS.map(([key]) => [key, shown(value[key])])),
  );
  return (
    <fieldset>
      <legend>Location</legend>
      {TEXT_FIELDS.map(([key, label]) => (
        <TextField
          key={key}
          label={label}
          name={`${prefix}${key}`}
          value={value[key] ?? ''}
          onChange={(text) => onChange({ ...value, [key]: text })}
          problem={problems[`${prefix}${key}`]}
        />
      ))}
      {NUMBER_FIELDS.map(([key, label]) => (
        <TextField
          key={key}
          label={label}
          name={`${prefix}${key}`}
          value={typed[key] ?? ''}
          onChange={(text) => {
            setTyped({ ...typed, [key]: text });
            onChange({ ...value, [key]: key === 'mapZoom' && text.trim() === '' ? undefined : asNumber(text) });
          }}
          problem={problems[`${prefix}${key}`]}
        />
      ))}
    </fieldset>
  );
}
