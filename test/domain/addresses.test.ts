/** Shipping addresses: the country list, regions and postal codes (domain/address/). */
import t from 'tap';
import { ADDRESS_MESSAGES, checkPlace } from '../../domain/address/address-check.ts';
import { COUNTRIES, COUNTRY_CODES, countryCodeOf, countryName } from '../../domain/address/countries.ts';
import { checkPostalCode, hasPostalCodes } from '../../domain/address/postal-codes.ts';
import { regionCodeOf, regionListOf } from '../../domain/address/regions.ts';

t.test('every ISO 3166-1 alpha-2 country, named in English', async (t) => {
  t.equal(COUNTRY_CODES.length, 249);
  t.equal(new Set(COUNTRY_CODES).size, 249, 'no code twice');
  t.equal(countryName('US'), 'United States');
  t.equal(countryName('DE'), 'Germany');
  t.ok(
    COUNTRIES.every((country) => country.name !== country.code),
    'every code has a name',
  );
  t.same(
    COUNTRIES.slice(0, 2).map((country) => country.code),
    ['AF', 'AX'],
    'sorted by name',
  );
  t.equal(countryCodeOf('us'), 'US');
  t.equal(countryCodeOf('United Kingdom'), 'GB');
  t.equal(countryCodeOf('Narnia'), undefined);
  t.equal(countryCodeOf('EU'), undefined, 'not a country');
});

t.test('regions: US states, Canadian provinces, Australian states', async (t) => {
  t.equal(regionListOf('US')?.regions.length, 54, '50 states, DC and the armed forces');
  t.equal(regionListOf('CA')?.regions.length, 13);
  t.equal(regionListOf('AU')?.regions.length, 8);
  t.equal(regionListOf('GB'), undefined, 'free text elsewhere');
  t.equal(regionCodeOf('US', 'new york'), 'NY');
  t.equal(regionCodeOf('CA', 'qc'), 'QC');
  t.equal(regionCodeOf('AU', 'Victoria'), 'VIC');
  t.equal(regionCodeOf('US', 'Ontario'), undefined);
});

t.test('postal codes follow each country’s format', async (t) => {
  const cases: [string, string, boolean][] = [
    ['US', '94107', true],
    ['US', '94107-1234', true],
    ['US', '9410', false],
    ['US', '!!', false],
    ['CA', 'K1A 0B1', true],
    ['CA', 'k1a0b1', true],
    ['CA', 'D1A 0B1', false],
    ['GB', 'SW1A 1AA', true],
    ['GB', 'EC1A 1BB', true],
    ['GB', 'M1 1AE', true],
    ['GB', 'GIR 0AA', true],
    ['GB', 'QQ1 1AA', false],
    ['DE', '10115', true],
    ['DE', '1011', false],
    ['FR', '75008', true],
    ['FR', '7500', false],
    ['AU', '2000', true],
    ['AU', '20000', false],
    ['NL', '1012 AB', true],
    ['NL', '1012AB', true],
    ['NL', '0123 AB', false],
    ['JP', '100-0001', true],
    ['IE', 'D02 X285', true],
    ['BR', '01310-100', true],
    ['PL', '00-950', true],
    ['PL', '00950', false],
    // A country without a listed format: letters and digits, not punctuation.
    ['TH', '10200', true],
    ['TH', '!!', false],
  ];
  for (const [country, code, ok] of cases) {
    t.equal(checkPostalCode(country, code).ok, ok, `${country} ${code}`);
  }
  t.same(checkPostalCode('GB', ' sw1a  1aa '), { ok: true, code: 'SW1A 1AA' }, 'normalised');
  t.notOk(hasPostalCodes('HK'), 'Hong Kong has none');
  t.ok(hasPostalCodes('US'));
});

t.test('a place: country, region and postal code checked together, with clear messages', async (t) => {
  t.same(checkPlace({ country: 'United States', region: 'ny', postalCode: '10001' }), {
    ok: true,
    place: { country: 'US', region: 'NY', postalCode: '10001' },
  });
  t.same(checkPlace({ country: 'Narnia', region: '', postalCode: '!!' }), {
    ok: false,
    errors: { country: ADDRESS_MESSAGES.countryUnknown },
  });
  t.same(checkPlace({ country: '', region: '', postalCode: '' }), {
    ok: false,
    errors: { country: 'Select your country.' },
  });
  t.same(checkPlace({ country: 'US', region: '', postalCode: '!!' }), {
    ok: false,
    errors: {
      region: 'Select a state.',
      postalCode: 'Enter a valid ZIP code for United States, like 94107.',
    },
  });
  t.same(checkPlace({ country: 'CA', region: 'NY', postalCode: '' }), {
    ok: false,
    errors: { region: 'Select a province or territory.', postalCode: 'Enter your postal code.' },
  });
  t.same(
    checkPlace({ country: 'GB', region: '', postalCode: '' }, { postalCodeRequired: false }),
    { ok: true, place: { country: 'GB', region: null, postalCode: null } },
    'an estimate needs no postal code',
  );
  t.same(
    checkPlace({ country: 'HK', region: 'Kowloon', postalCode: '' }),
    { ok: true, place: { country: 'HK', region: 'Kowloon', postalCode: null } },
    'no postal code where the country has none',
  );
  t.same(checkPlace({ country: 'DE', region: '', postalCode: '1234' }), {
    ok: false,
    errors: { postalCode: 'Enter a valid postal code for Germany, like 10115.' },
  });
});
