/**
 * The countries a shopper can pick at checkout: every officially assigned
 * ISO 3166-1 alpha-2 code, named in English through Intl.DisplayNames.
 *
 * The names come from the CLDR data that ships inside Node's ICU (and every
 * browser's), which is kept current with each release, so no data package
 * is needed for them; the code list itself changes only when a country does
 * (the last addition was SS in 2011) and is short enough to keep here.
 */

const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';

export const COUNTRY_CODES: readonly string[] = CODES.split(' ');

const CODE_SET = new Set(COUNTRY_CODES);

export interface Country {
  code: string;
  name: string;
}

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** Every country, sorted by English name as a select lists them. */
export const COUNTRIES: readonly Country[] = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort(
  (a, b) => a.name.localeCompare(b.name, 'en'),
);

const BY_NAME = new Map(COUNTRIES.map((country) => [country.name.toLowerCase(), country.code]));

export function isCountryCode(code: string): boolean {
  return CODE_SET.has(code);
}

/** countryName('DE') → 'Germany'; an unknown code is given back as it is. */
export function countryName(code: string): string {
  return CODE_SET.has(code) ? (names.of(code) ?? code) : code;
}

/**
 * The code a shopper's entry names: a code in any case ('us') or a country's
 * English name ('united states'), as a form filled without the select (or by
 * the browser's autofill into a text field) may send; undefined for 'Narnia'.
 */
export function countryCodeOf(entry: string): string | undefined {
  const text = entry.trim();
  const upper = text.toUpperCase();
  if (CODE_SET.has(upper)) return upper;
  return BY_NAME.get(text.toLowerCase());
}
