/**
 * The words forms show besides the owner's own: the submit button's default,
 * the select prompt and the names of the parts of multi-part fields. Kept
 * in one table so a translation replaces them in one place.
 */
import { DEFAULT_LABELS } from '../../shared/storefront-labels.ts';

export const FORM_LABELS = Object.freeze({
  submit: 'Submit',
  /** Spec section 9 default label, the same prompt the product selects use. */
  selectPrompt: DEFAULT_LABELS.selectValue,
  firstName: 'First Name',
  lastName: 'Last Name',
  addressLine1: 'Address Line 1',
  addressLine2: 'Address Line 2',
  city: 'City',
  state: 'State/Province',
  zip: 'Zip/Postal Code',
  country: 'Country',
  month: 'Month',
  day: 'Day',
  year: 'Year',
  hour: 'Hour',
  minute: 'Minute',
  ampm: 'AM/PM',
  countryCode: 'Country Code',
  areaCode: 'Area Code',
  phonePrefix: 'Prefix',
  lineNumber: 'Line Number',
});

export const AM_PM = ['AM', 'PM'] as const;
