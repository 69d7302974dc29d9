/**
 * Public template packages by other authors that the renderer is tested
 * against (issue 16): third-party-packages.test.ts runs `jsont check` on each
 * and crawls the demo site through it. They are read in place from a folder
 * beside the checkout, never copied into the repository;
 * tools/fetch-template-packages.sh clones each at its pinned commit.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ThirdPartyPackage {
  /** owner/name on GitHub. */
  readonly name: string;
  readonly source: string;
  /** The commit fetched and tested. */
  readonly commit: string;
  /** The folder of the clone, under the packages dir. */
  readonly folder: string;
  /** The folder inside the clone that holds template.conf ('.' for the root). */
  readonly packageDir: string;
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Where the clones live: TEMPLATE_PACKAGES_DIR, or ../template-packages beside the checkout. */
export const TEMPLATE_PACKAGES_DIR =
  process.env.TEMPLATE_PACKAGES_DIR ?? path.resolve(repoRoot, '../template-packages');

export const THIRD_PARTY_PACKAGES: readonly ThirdPartyPackage[] = [
  {
    name: 'CALeDNA/caledna-squarespace',
    source: 'https://github.com/CALeDNA/caledna-squarespace',
    commit: '4c137cc4636887729636720384b059c11c22a470',
    folder: 'CALeDNA--caledna-squarespace',
    packageDir: '.',
  },
  {
    name: 'phantomdullbooth/fort-york-squarespace-template',
    source: 'https://github.com/phantomdullbooth/fort-york-squarespace-template',
    commit: 'd62c57fa8625c70a567cc326e002db60377f3631',
    folder: 'phantomdullbooth--fort-york-squarespace-template',
    packageDir: '.',
  },
  {
    name: 'JauntyJames/Fennekin',
    source: 'https://github.com/JauntyJames/Fennekin',
    commit: '29bb5d296fd4828b8724199aae9991dda56efdfc',
    folder: 'JauntyJames--Fennekin',
    packageDir: '.',
  },
  {
    name: 'Furlong2Furlong/squarewells',
    source: 'https://github.com/Furlong2Furlong/squarewells',
    commit: '1149a2bae211de9074ffbcde0f47681cfb2ed66a',
    folder: 'Furlong2Furlong--squarewells',
    packageDir: '.',
  },
  {
    name: 'Chair-8/jdavis',
    source: 'https://github.com/Chair-8/jdavis',
    commit: '0f85d187511e967dcb2806de664b971ef2384847',
    folder: 'Chair-8--jdavis',
    packageDir: '.',
  },
  {
    name: 'BlindRenaissance/Pear-Cider',
    source: 'https://github.com/BlindRenaissance/Pear-Cider',
    commit: '1e35328a0beba1a882ff906b23f82b1d918cc56f',
    folder: 'BlindRenaissance--Pear-Cider',
    packageDir: '.',
  },
];

/** The folder holding the package's template.conf. */
export function packagePath(entry: ThirdPartyPackage): string {
  return path.join(TEMPLATE_PACKAGES_DIR, entry.folder, entry.packageDir);
}
