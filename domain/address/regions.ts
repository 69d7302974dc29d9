/**
 * The regions a shipping address must name for the countries whose post
 * needs one (US states, Canadian provinces, Australian states), by their
 * ISO 3166-2 subdivision codes without the country prefix. Elsewhere the
 * region is free text the shopper may leave empty.
 */

export interface Region {
  code: string;
  name: string;
}

export interface RegionList {
  /** What the field is called for this country: 'State', 'Province'. */
  label: string;
  regions: readonly Region[];
}

const list = (pairs: string): Region[] =>
  pairs.split(';').map((pair) => {
    const [code, name] = pair.split('=') as [string, string];
    return { code, name };
  });

const US = list(
  'AL=Alabama;AK=Alaska;AZ=Arizona;AR=Arkansas;CA=California;CO=Colorado;CT=Connecticut;DE=Delaware;' +
    'DC=District of Columbia;FL=Florida;GA=Georgia;HI=Hawaii;ID=Idaho;IL=Illinois;IN=Indiana;IA=Iowa;KS=Kansas;' +
    'KY=Kentucky;LA=Louisiana;ME=Maine;MD=Maryland;MA=Massachusetts;MI=Michigan;MN=Minnesota;MS=Mississippi;' +
    'MO=Missouri;MT=Montana;NE=Nebraska;NV=Nevada;NH=New Hampshire;NJ=New Jersey;NM=New Mexico;NY=New York;' +
    'NC=North Carolina;ND=North Dakota;OH=Ohio;OK=Oklahoma;OR=Oregon;PA=Pennsylvania;RI=Rhode Island;' +
    'SC=South Carolina;SD=South Dakota;TN=Tennessee;TX=Texas;UT=Utah;VT=Vermont;VA=Virginia;WA=Washington;' +
    'WV=West Virginia;WI=Wisconsin;WY=Wyoming;AA=Armed Forces Americas;AE=Armed Forces Europe;AP=Armed Forces Pacific',
);

const CA = list(
  'AB=Alberta;BC=British Columbia;MB=Manitoba;NB=New Brunswick;NL=Newfoundland and Labrador;' +
    'NT=Northwest Territories;NS=Nova Scotia;NU=Nunavut;ON=Ontario;PE=Prince Edward Island;QC=Quebec;' +
    'SK=Saskatchewan;YT=Yukon',
);

const AU = list(
  'ACT=Australian Capital Territory;NSW=New South Wales;NT=Northern Territory;QLD=Queensland;' +
    'SA=South Australia;TAS=Tasmania;VIC=Victoria;WA=Western Australia',
);

const REGION_LISTS: Readonly<Record<string, RegionList>> = {
  US: { label: 'State', regions: US },
  CA: { label: 'Province or territory', regions: CA },
  AU: { label: 'State or territory', regions: AU },
};

/** The list a country's addresses choose from; undefined where the region is free text. */
export function regionListOf(country: string): RegionList | undefined {
  return REGION_LISTS[country];
}

/** Every country with a fixed list, for the checkout page's select. */
export const COUNTRIES_WITH_REGIONS: readonly string[] = Object.keys(REGION_LISTS);

/**
 * The code a shopper's entry names in a country with a list: 'ca', 'CA' or
 * 'California' → 'CA'; undefined when it names none of them.
 */
export function regionCodeOf(country: string, entry: string): string | undefined {
  const list = REGION_LISTS[country];
  if (!list) return undefined;
  const text = entry.trim().toLowerCase();
  return list.regions.find((region) => region.code.toLowerCase() === text || region.name.toLowerCase() === text)?.code;
}

/** regionName('US', 'NY') → 'New York'; free text is given back as it is. */
export function regionName(country: string, region: string): string {
  return REGION_LISTS[country]?.regions.find((candidate) => candidate.code === region)?.name ?? region;
}
