import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationResultSet, Migrator } from 'kysely/migration';
import * as initialSchema from './migrations/0001-initial-schema.ts';
import * as contentChanges from './migrations/0002-content-changes.ts';
import * as variantImages from './migrations/0003-variant-images.ts';
import * as orderCustomer from './migrations/0004-order-customer.ts';
import * as mailOutbox from './migrations/0005-mail-outbox.ts';
import * as formSubmissionPermission from './migrations/0006-form-submission-permission.ts';
import * as popupOverlay from './migrations/0007-popup-overlay.ts';
import * as tweakValues from './migrations/0008-tweak-values.ts';
import * as contentChangeNotices from './migrations/0009-content-change-notices.ts';
import * as catalogIndexes from './migrations/0010-catalog-indexes.ts';
import * as cartChangeNotices from './migrations/0011-cart-change-notices.ts';
import * as siteUserAccounts from './migrations/0012-site-user-accounts.ts';
import * as memberAreasAndLocks from './migrations/0013-member-areas-and-locks.ts';
import * as cartVersions from './migrations/0014-cart-versions.ts';
import * as orderSiteUser from './migrations/0015-order-site-user.ts';
import * as sitePassword from './migrations/0016-site-password.ts';
import * as orderNumbersFrom1001 from './migrations/0017-order-numbers-from-1001.ts';
import * as visitorEvents from './migrations/0018-visitor-events.ts';
import * as cookiePolicy from './migrations/0019-cookie-policy.ts';
import * as checkoutRules from './migrations/0020-checkout-rules.ts';
import * as analyticsRollups from './migrations/0022-analytics-rollups.ts';
import * as paidMemberAreas from './migrations/0023-paid-member-areas.ts';
import * as jobs from './migrations/0024-jobs.ts';
import * as ownerAccounts from './migrations/0025-owner-accounts.ts';
import * as orderLineDetails from './migrations/0026-order-line-details.ts';
import * as productReviews from './migrations/0027-product-reviews.ts';
import * as payments from './migrations/0028-payments.ts';
import * as likesOutsideContentVersion from './migrations/0029-likes-outside-content-version.ts';
import * as giftCards from './migrations/0030-gift-cards.ts';
import * as inventoryLogAndMediaFiles from './migrations/0031-inventory-log-and-media-files.ts';
import * as multilingual from './migrations/0032-multilingual.ts';
import * as formSubmissionsAndAdsPixel from './migrations/0033-form-submissions-and-ads-pixel.ts';
import * as orderPayments from './migrations/0034-order-payments.ts';
import * as contentRevisions from './migrations/0035-content-revisions.ts';
import * as orderFulfilmentAndRefunds from './migrations/0036-order-fulfilment-and-refunds.ts';
import * as subscriptions from './migrations/0037-subscriptions.ts';
import * as digitalDownloads from './migrations/0038-digital-downloads.ts';
import * as orderShipments from './migrations/0039-order-shipments.ts';
import * as donationsAndMailingList from './migrations/0040-donations-and-mailing-list.ts';
import * as checkoutRulesContentChanges from './migrations/0041-checkout-rules-content-changes.ts';
import type { Database } from './schema.ts';

/** Every migration, by name; names sort in the order they apply. */
const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-content-changes': contentChanges,
  '0003-variant-images': variantImages,
  '0004-order-customer': orderCustomer,
  '0005-mail-outbox': mailOutbox,
  '0006-form-submission-permission': formSubmissionPermission,
  '0007-popup-overlay': popupOverlay,
  '0008-tweak-values': tweakValues,
  '0009-content-change-notices': contentChangeNotices,
  '0010-catalog-indexes': catalogIndexes,
  '0011-cart-change-notices': cartChangeNotices,
  '0012-site-user-accounts': siteUserAccounts,
  '0013-member-areas-and-locks': memberAreasAndLocks,
  '0014-cart-versions': cartVersions,
  '0015-order-site-user': orderSiteUser,
  '0016-site-password': sitePassword,
  '0017-order-numbers-from-1001': orderNumbersFrom1001,
  '0018-visitor-events': visitorEvents,
  '0019-cookie-policy': cookiePolicy,
  '0022-analytics-rollups': analyticsRollups,
  '0023-paid-member-areas': paidMemberAreas,
  '0024-jobs': jobs,
  '0028-payments': payments,
  '0029-likes-outside-content-version': likesOutsideContentVersion,
  '0020-checkout-rules': checkoutRules,
  '0025-owner-accounts': ownerAccounts,
  '0026-order-line-details': orderLineDetails,
  '0027-product-reviews': productReviews,
  '0030-gift-cards': giftCards,
  '0031-inventory-log-and-media-files': inventoryLogAndMediaFiles,
  '0032-multilingual': multilingual,
  '0033-form-submissions-and-ads-pixel': formSubmissionsAndAdsPixel,
  '0034-order-payments': orderPayments,
  '0035-content-revisions': contentRevisions,
  '0036-order-fulfilment-and-refunds': orderFulfilmentAndRefunds,
  '0037-subscriptions': subscriptions,
  '0038-digital-downloads': digitalDownloads,
  '0039-order-shipments': orderShipments,
  '0040-donations-and-mailing-list': donationsAndMailingList,
  '0041-checkout-rules-content-changes': checkoutRulesContentChanges,
};

/**
 * True when the database has applied exactly these migrations: a restart's
 * one query where the migrator's locking and listing took a dozen (0.2 s of a
 * restart on the embedded database). A migration's row commits with it, so a
 * full set means no migration is under way. Anything else (no table yet, one
 * missing, one this code does not know) is the migrator's to handle and report.
 */
async function appliedAll(db: Kysely<Database>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    const known = Object.keys(migrations);
    return applied.size === known.length && known.every((name) => applied.has(name));
  } catch {
    return false;
  }
}

/** Brings the schema to the latest migration; throws the migration's error if one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  if (await appliedAll(db)) return { results: [] };
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}
