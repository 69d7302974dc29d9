/**
 * The currency a locale's region uses, for money that comes without a code
 * (legacy cents in the bookkeeper format). Covers the store currencies'
 * regions, the euro area and the larger markets; anything else is USD.
 */
import { DEFAULT_CURRENCY } from './currencies.ts';

const EURO_REGIONS =
  'AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK AD MC SM VA ME XK GF GP MQ RE YT PM BL MF';

const REGION_CURRENCY: ReadonlyMap<string, string> = new Map([
  ...EURO_REGIONS.split(' ').map((r) => [r, 'EUR'] as const),
  ...([
    ['US', 'USD'],
    ['PR', 'USD'],
    ['GU', 'USD'],
    ['VI', 'USD'],
    ['AS', 'USD'],
    ['MP', 'USD'],
    ['UM', 'USD'],
    ['EC', 'USD'],
    ['SV', 'USD'],
    ['PA', 'PAB'],
    ['AU', 'AUD'],
    ['NO', 'NOK'],
    ['CA', 'CAD'],
    ['NZ', 'NZD'],
    ['DK', 'DKK'],
    ['GL', 'DKK'],
    ['FO', 'DKK'],
    ['GB', 'GBP'],
    ['HK', 'HKD'],
    ['CH', 'CHF'],
    ['LI', 'CHF'],
    ['MX', 'MXN'],
    ['SG', 'SGD'],
    ['SE', 'SEK'],
    ['CZ', 'CZK'],
    ['IL', 'ILS'],
    ['PH', 'PHP'],
    ['RU', 'RUB'],
    ['PL', 'PLN'],
    ['TH', 'THB'],
    ['MY', 'MYR'],
    ['AR', 'ARS'],
    ['BR', 'BRL'],
    ['CO', 'COP'],
    ['ID', 'IDR'],
    ['IN', 'INR'],
    ['JP', 'JPY'],
    ['ZA', 'ZAR'],
    ['CN', 'CNY'],
    ['TW', 'TWD'],
    ['KR', 'KRW'],
    ['TR', 'TRY'],
    ['UA', 'UAH'],
    ['EG', 'EGP'],
    ['SA', 'SAR'],
    ['AE', 'AED'],
    ['IS', 'ISK'],
    ['HU', 'HUF'],
    ['RO', 'RON'],
    ['BG', 'BGN'],
    ['CL', 'CLP'],
    ['PE', 'PEN'],
    ['VN', 'VND'],
    ['NG', 'NGN'],
    ['KE', 'KES'],
    ['PK', 'PKR'],
  ] as const),
]);

const cache = new Map<string, string>();

/** currencyForLocale('fr') → 'EUR'; ('en-GB') → 'GBP'; ('en') → 'USD'; unknown regions → 'USD'. */
export function currencyForLocale(locale: string): string {
  let code = cache.get(locale);
  if (code === undefined) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(locale).maximize().region;
    } catch {
      region = undefined;
    }
    code = (region && REGION_CURRENCY.get(region)) || DEFAULT_CURRENCY;
    cache.set(locale, code);
  }
  return code;
}
