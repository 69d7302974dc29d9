/**
 * The order-summary line for one submitted form field (additional-fields
 * forms on products): how each answer type (spec section 3) reads as text.
 */

import { DEFAULT_LABELS } from '../../shared/storefront-labels.ts';
import { childOf, isRecord, isTruthy, toOutputString } from '../json-values.ts';

/** Spec: likert answers run from -2 (Strongly Disagree) to 2 (Strongly Agree). */
export const LIKERT_ANSWERS: Readonly<Record<string, string>> = Object.freeze({
  '-2': 'Strongly Disagree',
  '-1': 'Disagree',
  '0': 'Neutral',
  '1': 'Agree',
  '2': 'Strongly Agree',
});

export interface AddressView {
  readonly line1: string;
  readonly line2: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly country: string;
}

/** Exactly one of text, address, likert or checkbox is set. */
export interface SummaryFieldView {
  readonly title: string;
  readonly text?: string;
  readonly address?: AddressView;
  readonly likert?: { readonly rows: readonly { readonly question: string; readonly answer: string }[] };
  readonly checkbox?: { readonly text: string };
}

const part = (values: unknown, key: string): string => toOutputString(childOf(values, key));
// A time part the visitor left out reads as two zeros.
const timePart = (values: unknown, key: string): string => {
  const v = childOf(values, key);
  return isTruthy(v) ? toOutputString(v) : '00';
};

/** The site's storefront strings by key (localizedStrings), undefined where not set. */
export type LocalizedStrings = (key: string) => unknown;

const LIKERT_KEYS: Readonly<Record<string, string>> = {
  '-2': 'productAnswerMapStronglyDisagree',
  '-1': 'productAnswerMapDisagree',
  '0': 'productAnswerMapNeutral',
  '1': 'productAnswerMapAgree',
  '2': 'productAnswerMapStronglyAgree',
};

/** The site's text for an unanswered field (productSummaryFormNoAnswerText), else 'N/A'. */
function noAnswer(localized: LocalizedStrings): string {
  const text = localized('productSummaryFormNoAnswerText');
  const trimmed = typeof text === 'string' ? text.trim() : '';
  return trimmed === '' ? DEFAULT_LABELS.notAvailable : trimmed;
}

function plainValue(field: unknown, localized: LocalizedStrings): string {
  const value = childOf(field, 'value');
  const printable =
    (typeof value === 'string' && value !== '') || typeof value === 'number' || typeof value === 'boolean';
  return printable ? toOutputString(value) : noAnswer(localized);
}

/** A likert answer in the site's words (productAnswerMap…), else the spec's English. */
function likertAnswer(key: string, localized: LocalizedStrings): string | undefined {
  const english = LIKERT_ANSWERS[key];
  if (english === undefined) return undefined;
  const own = localized(LIKERT_KEYS[key]!);
  return typeof own === 'string' ? own : english;
}

function likertRows(values: unknown, localized: LocalizedStrings): { question: string; answer: string }[] {
  let entries: [string, unknown][] = [];
  if (Array.isArray(values) || typeof values === 'string') entries = [...values].map((v, i) => [String(i), v]);
  else if (isRecord(values)) entries = Object.entries(values);
  return entries.map(([question, v]) => ({
    question,
    answer: likertAnswer(toOutputString(v), localized) ?? likertAnswer('0', localized)!,
  }));
}

/** summaryFieldView({type: 'date', rawTitle: 'Date', values: {Month: '11', Day: '23', Year: '2010'}}) → {title: 'Date', text: '11/23/2010'} */
export function summaryFieldView(field: unknown, localized: LocalizedStrings = () => undefined): SummaryFieldView {
  const title = toOutputString(childOf(field, 'rawTitle'));
  const values = childOf(field, 'values');
  switch (childOf(field, 'type')) {
    case 'address':
      return {
        title,
        address: {
          line1: part(values, 'Line1'),
          line2: isTruthy(childOf(values, 'Line2')) ? part(values, 'Line2') : '',
          city: part(values, 'City'),
          state: part(values, 'State'),
          zip: part(values, 'Zip'),
          country: part(values, 'Country'),
        },
      };
    case 'date':
      return { title, text: `${part(values, 'Month')}/${part(values, 'Day')}/${part(values, 'Year')}` };
    case 'name':
      return { title, text: `${part(values, 'First')} ${part(values, 'Last')}` };
    case 'phone': {
      const country = childOf(values, 'Country');
      const prefix = isTruthy(country) ? `+${toOutputString(country)} ` : '';
      return { title, text: `${prefix}${part(values, 'Areacode')}-${part(values, 'Prefix')}-${part(values, 'Line')}` };
    }
    case 'time': {
      const clock = `${timePart(values, 'Hour')}:${timePart(values, 'Minute')}:${timePart(values, 'Second')}`;
      return { title, text: `${clock} ${part(values, 'Ampm')}` };
    }
    case 'likert':
      return { title, likert: { rows: likertRows(values, localized) } };
    case 'checkbox':
      if (isTruthy(values)) {
        const text = Array.isArray(values) ? values.map((v) => toOutputString(v)).join(', ') : '';
        return { title, checkbox: { text } };
      }
      return {
        title,
        text: isTruthy(childOf(field, 'value'))
          ? toOutputString(childOf(field, 'value'))
          : plainValue(field, localized),
      };
    default:
      return { title, text: plainValue(field, localized) };
  }
}
