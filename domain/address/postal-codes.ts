/**
 * Postal codes by country. Where the national post publishes a fixed
 * format, an entry must follow it; where a country has no postal codes the
 * field is not asked for; anywhere else it must look like a postal code
 * (letters, digits, one space or hyphen between them), which is enough to
 * refuse '!!' without refusing a real code from a format not listed here.
 */

interface PostalFormat {
  pattern: RegExp;
  /** A real-looking code for the message: 'like 94107'. */
  example: string;
  /** What the country calls it, where that is not 'postal code'. */
  label?: string;
}

const digits = (count: number, example: string): PostalFormat => ({ pattern: new RegExp(`^\\d{${count}}$`), example });

const FORMATS: Readonly<Record<string, PostalFormat>> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, example: '94107', label: 'ZIP code' },
  PR: { pattern: /^00[679]\d{2}(-\d{4})?$/, example: '00901', label: 'ZIP code' },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/, example: 'K1A 0B1' },
  // The Royal Mail's outward/inward format, with the special GIR 0AA.
  GB: {
    pattern:
      /^(GIR ?0AA|[A-PR-UWYZ](\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y]) ?\d[ABD-HJLNP-UW-Z]{2})$/,
    example: 'SW1A 1AA',
    label: 'postcode',
  },
  DE: digits(5, '10115'),
  FR: { pattern: /^\d{2} ?\d{3}$/, example: '75008' },
  AU: { pattern: /^\d{4}$/, example: '2000', label: 'postcode' },
  NL: { pattern: /^[1-9]\d{3} ?[A-Z]{2}$/, example: '1012 AB', label: 'postcode' },
  BE: digits(4, '1000'),
  AT: digits(4, '1010'),
  CH: digits(4, '8001'),
  LI: digits(4, '9490'),
  DK: digits(4, '1050'),
  NO: digits(4, '0150'),
  NZ: digits(4, '6011'),
  ZA: digits(4, '8001'),
  HU: digits(4, '1051'),
  IT: digits(5, '00184'),
  ES: digits(5, '28013'),
  FI: digits(5, '00100'),
  MX: digits(5, '06000'),
  KR: digits(5, '03187'),
  IN: { pattern: /^[1-9]\d{5}$/, example: '110001', label: 'PIN code' },
  CN: digits(6, '100000'),
  SG: digits(6, '018956'),
  SE: { pattern: /^\d{3} ?\d{2}$/, example: '111 22' },
  CZ: { pattern: /^\d{3} ?\d{2}$/, example: '110 00' },
  SK: { pattern: /^\d{3} ?\d{2}$/, example: '811 01' },
  GR: { pattern: /^\d{3} ?\d{2}$/, example: '105 57' },
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-950' },
  PT: { pattern: /^\d{4}-\d{3}$/, example: '1100-148' },
  JP: { pattern: /^\d{3}-?\d{4}$/, example: '100-0001' },
  BR: { pattern: /^\d{5}-?\d{3}$/, example: '01310-100', label: 'CEP' },
  LU: { pattern: /^(L-)?\d{4}$/, example: '1111' },
  // Eircode: a routing key and a unique identifier.
  IE: { pattern: /^([AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/, example: 'D02 X285', label: 'Eircode' },
};

/** Countries whose post uses no postal codes (the field is not asked for). */
const WITHOUT_POSTAL_CODES = new Set(
  (
    'AE AG AO AW BF BI BJ BO BS BW BZ CD CF CG CI CK CM DJ DM ER FJ GA GD GH GM GQ GY HK KI KM KN KP ' +
    'LY ML MR NR NU QA RW SB SC SL SR ST SY TD TF TG TK TL TO TV UG VU YE ZW'
  ).split(' '),
);

/** Letters and digits, at most one space or hyphen between groups, 2 to 10 characters in all. */
const GENERIC = /^(?=.{2,10}$)[A-Z0-9]+([ -][A-Z0-9]+)*$/;

export function hasPostalCodes(country: string): boolean {
  return !WITHOUT_POSTAL_CODES.has(country);
}

/** What the country calls its postal codes, in a sentence: 'ZIP code', 'postcode'. */
export function postalCodeLabel(country: string): string {
  return FORMATS[country]?.label ?? 'postal code';
}

/** How a code is kept: upper case, spaces inside squeezed to one ('sw1a  1aa' → 'SW1A 1AA'). */
export function normalizePostalCode(code: string): string {
  return code.trim().toUpperCase().replace(/\s+/g, ' ');
}

export type PostalCodeCheck = { ok: true; code: string } | { ok: false; example: string | undefined };

/**
 * checkPostalCode('US', '94107-1234') → ok; ('GB', 'sw1a1aa') → ok as
 * 'SW1A1AA'; ('DE', '1234') → not ok, example '10115'. A country without
 * postal codes takes anything (the caller does not ask for one there).
 */
export function checkPostalCode(country: string, entry: string): PostalCodeCheck {
  const code = normalizePostalCode(entry);
  if (!hasPostalCodes(country)) return { ok: true, code };
  const format = FORMATS[country];
  if (format) return format.pattern.test(code) ? { ok: true, code } : { ok: false, example: format.example };
  return GENERIC.test(code) ? { ok: true, code } : { ok: false, example: undefined };
}
