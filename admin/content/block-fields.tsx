/**
 * The fields of each kind of page block, as one table by the spec's block
 * type number (a type added to the schema without its fields fails to
 * compile), and the block a new one of each kind starts as.
 */
import type { ReactNode } from 'react';
import { minorToPriceInput, priceInputToMinor } from '../../domain/money/price-input.ts';
import type { BlockTypeNumber, PageBlockInput } from '../../shared/content-schemas.ts';
import { CheckboxField, type Problems, TextField } from '../form-fields.tsx';
import type { Library } from './content-api.ts';
import { ImagePicker } from './image-picker.tsx';
import { LocationFields } from './location-fields.tsx';
import { RichTextField } from './rich-text-field.tsx';

type BlockOf<N extends BlockTypeNumber> = Extract<PageBlockInput, { type: N }>;

interface FieldsProps<N extends BlockTypeNumber> {
  block: BlockOf<N>;
  onChange(block: BlockOf<N>): void;
  library: Library;
  /** The server's or the schema's messages, by field under `block.`. */
  problems: Problems;
}

type Fields<N extends BlockTypeNumber> = (props: FieldsProps<N>) => ReactNode;

function Choice({
  label,
  value,
  options,
  onChange,
  problem,
}: {
  label: string;
  value: string;
  options: { id: string; label: string }[];
  onChange(value: string): void;
  problem?: string;
}) {
  return (
    <div className={`field${problem ? ' field--invalid' : ''}`}>
      <label>
        {label}
        <select
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={problem ? true : undefined}
        >
          <option value="">Choose…</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {problem ? <p className="field__problem">{problem}</p> : null}
    </div>
  );
}

const collectionsOf = (library: Library, test: (typeName: string) => boolean) =>
  library.collections.filter((c) => test(c.typeName)).map((c) => ({ id: c.id, label: c.title }));

const formsOf = (library: Library, newsletter: boolean) =>
  library.forms.filter((f) => f.isNewsletter === newsletter).map((f) => ({ id: f.id, label: f.name }));

export const BLOCK_FIELDS: { readonly [N in BlockTypeNumber]: Fields<N> } = {
  2: ({ block, onChange, problems }) => (
    <RichTextField
      label="Text"
      value={block.html}
      onChange={(html) => onChange({ ...block, html })}
      problem={problems['block.html']}
    />
  ),
  4: ({ block, onChange, problems }) => (
    <LocationFields
      value={block.location}
      onChange={(location) => onChange({ ...block, location })}
      problems={problems}
      prefix="block.location."
    />
  ),
  5: ({ block, onChange, library, problems }) => (
    <>
      <ImagePicker
        label="Image"
        images={library.images}
        value={block.imageId || null}
        onChange={(imageId) => onChange({ ...block, imageId: imageId ?? '' })}
        problem={problems['block.imageId']}
      />
      <TextField
        label="Caption"
        name="block.caption"
        value={block.caption ?? ''}
        onChange={(caption) => onChange({ ...block, caption })}
        problem={problems['block.caption']}
      />
    </>
  ),
  8: ({ block, onChange, library, problems }) => (
    <Choice
      label="Gallery"
      value={block.collectionId}
      options={collectionsOf(library, (kind) => kind === 'gallery')}
      onChange={(collectionId) => onChange({ ...block, collectionId })}
      problem={problems['block.collectionId']}
    />
  ),
  9: ({ block, onChange, library, problems }) => (
    <Choice
      label="Form"
      value={block.formId}
      options={formsOf(library, false)}
      onChange={(formId) => onChange({ ...block, formId })}
      problem={problems['block.formId']}
    />
  ),
  51: ({ block, onChange, library, problems }) => (
    <Choice
      label="Newsletter form"
      value={block.formId}
      options={formsOf(library, true)}
      onChange={(formId) => onChange({ ...block, formId })}
      problem={problems['block.formId']}
    />
  ),
  53: ({ block, onChange, problems }) => (
    <>
      <TextField
        label="Button text"
        name="block.label"
        value={block.label}
        onChange={(label) => onChange({ ...block, label })}
        problem={problems['block.label']}
      />
      <TextField
        label="Link"
        name="block.href"
        value={block.href}
        hint="A page of this site such as /shop, or an address such as https://example.com."
        onChange={(href) => onChange({ ...block, href })}
        problem={problems['block.href']}
      />
    </>
  ),
  55: ({ block, onChange, library, problems }) => (
    <>
      <Choice
        label="Collection"
        value={block.collectionId}
        options={collectionsOf(library, (kind) => kind !== 'page' && kind !== 'splash-page')}
        onChange={(collectionId) => onChange({ ...block, collectionId })}
        problem={problems['block.collectionId']}
      />
      <TextField
        label="How many items"
        name="block.limit"
        value={String(block.limit)}
        onChange={(limit) => onChange({ ...block, limit: Number(limit) })}
        problem={problems['block.limit']}
      />
      <Choice
        label="Layout"
        value={block.design}
        options={[
          { id: 'grid', label: 'Grid' },
          { id: 'list', label: 'List' },
          { id: 'carousel', label: 'Carousel' },
        ]}
        onChange={(design) => onChange({ ...block, design: design as BlockOf<55>['design'] })}
      />
    </>
  ),
  57: (props) => <DonationFields {...props} />,
};

/**
 * The cause, its amounts (typed in the store's currency, kept as minor
 * units) and whether donors may enter their own between a minimum and a
 * maximum. Amounts the editor cannot read stay as typed, so the owner sees
 * the schema's message on the field rather than a silently changed figure.
 */
function DonationFields({ block, onChange, library, problems }: FieldsProps<57>) {
  const currency = library.currency;
  const shown = (minor: string) => (/^\d+$/.test(minor) ? minorToPriceInput(minor, currency) : minor);
  const stored = (typed: string) => priceInputToMinor(typed, currency) ?? typed.trim();
  const presets = block.presetAmounts.map(shown).join(', ');
  return (
    <>
      <TextField
        label="Cause"
        name="block.title"
        value={block.title}
        onChange={(title) => onChange({ ...block, title })}
        problem={problems['block.title']}
      />
      <TextField
        label="Description"
        name="block.description"
        value={block.description}
        multiline
        onChange={(description) => onChange({ ...block, description })}
        problem={problems['block.description']}
      />
      <TextField
        label={`Amounts offered (${currency})`}
        name="block.presetAmounts"
        value={presets}
        hint="Separated by commas, for example 10, 25, 50."
        onChange={(text) =>
          onChange({
            ...block,
            presetAmounts: text
              .split(',')
              .map((part) => part.trim())
              .filter((part) => part !== '')
              .map(stored),
          })
        }
        problem={problems['block.presetAmounts'] ?? firstProblemUnder(problems, 'block.presetAmounts.')}
      />
      <CheckboxField
        label="Donors may enter an amount of their own"
        name="block.allowCustom"
        checked={block.allowCustom}
        onChange={(allowCustom) => onChange({ ...block, allowCustom })}
      />
      <TextField
        label={`Minimum (${currency})`}
        name="block.minimum"
        value={shown(block.minimum)}
        onChange={(text) => onChange({ ...block, minimum: stored(text) })}
        problem={problems['block.minimum']}
      />
      <TextField
        label={`Maximum (${currency})`}
        name="block.maximum"
        value={shown(block.maximum)}
        onChange={(text) => onChange({ ...block, maximum: stored(text) })}
        problem={problems['block.maximum']}
      />
    </>
  );
}

function firstProblemUnder(problems: Problems, prefix: string): string | undefined {
  return Object.entries(problems).find(([field]) => field.startsWith(prefix))?.[1];
}

export function BlockFields(props: FieldsProps<BlockTypeNumber> & { block: PageBlockInput }) {
  const Render = BLOCK_FIELDS[props.block.type] as Fields<BlockTypeNumber>;
  return <>{Render(props)}</>;
}

/** What a new block of each kind starts as: the first of what it may name, chosen already. */
export function newBlock(type: BlockTypeNumber, library: Library): PageBlockInput {
  const first = (list: { id: string }[]) => list[0]?.id ?? '';
  switch (type) {
    case 2:
      return { type, html: '' };
    case 4:
      return { type, location: { addressTitle: '', addressLine1: '', mapLat: 0, mapLng: 0, mapZoom: 14 } };
    case 5:
      return { type, imageId: first(library.images), caption: '' };
    case 8:
      return { type, collectionId: first(collectionsOf(library, (kind) => kind === 'gallery')) };
    case 9:
      return { type, formId: first(formsOf(library, false)) };
    case 51:
      return { type, formId: first(formsOf(library, true)) };
    case 53:
      return { type, label: '', href: '' };
    case 55:
      return { type, collectionId: '', limit: 3, design: 'grid' };
    case 57: {
      const minor = (major: string) => priceInputToMinor(major, library.currency) ?? major;
      return {
        type,
        title: '',
        description: '',
        presetAmounts: ['10', '25', '50'].map(minor),
        allowCustom: true,
        minimum: minor('1'),
        maximum: minor('10000'),
      };
    }
  }
}

/** A line saying what a block holds, for the block list. */
export function blockSummary(block: PageBlockInput, library: Library): string {
  const titleOf = (id: string, list: { id: string; title?: string; name?: string }[]) => {
    const found = list.find((entry) => entry.id === id);
    return found?.title ?? found?.name ?? 'not chosen';
  };
  switch (block.type) {
    case 2: {
      const text = block.html
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      return text === '' ? '(empty)' : text.length > 60 ? `${text.slice(0, 60)}…` : text;
    }
    case 4:
      return (
        block.location.addressTitle ||
        block.location.addressLine1 ||
        `${block.location.mapLat}, ${block.location.mapLng}`
      );
    case 5: {
      const image = library.images.find((entry) => entry.id === block.imageId);
      return image ? image.altText || image.filename : 'not chosen';
    }
    case 8:
    case 55:
      return titleOf(block.collectionId, library.collections);
    case 9:
    case 51:
      return titleOf(block.formId, library.forms);
    case 53:
      return `${block.label} → ${block.href}`;
    case 57:
      return block.title || '(no cause yet)';
  }
}
