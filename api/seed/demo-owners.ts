/**
 * The demo site's owner accounts, so the admin app at /config can be tried
 * on a fresh install with each role the walkthrough needs: the demo's
 * administrator, editor and store manager (its contributors) get passwords,
 * and a viewer is added. Emails and passwords are in the README; being
 * public, they open nothing but the demo site.
 */
import { createHash } from 'node:crypto';
import { ROLES } from '../../shared/owner-permissions.ts';
import { hashPassword } from '../repositories/password-hash.ts';
import type { Db } from '../repositories/transaction.ts';
import { DEMO_WEBSITE_ID, demoId } from './demo-ids.ts';

export interface DemoOwner {
  /** The contributor's slug in the demo site (demo-site.ts CONTRIBUTORS), or a new one. */
  slug: string;
  email: string;
  password: string;
  displayName: string;
  role: number;
}

export const DEMO_OWNERS = {
  admin: {
    slug: 'nora',
    email: 'nora@example.com',
    password: 'fernwood-admin',
    displayName: 'Nora Whitfield',
    role: ROLES.admin,
  },
  editor: {
    slug: 'theo',
    email: 'theo@example.com',
    password: 'fernwood-editor',
    displayName: 'Theo Marsh',
    role: ROLES.editor,
  },
  storeManager: {
    slug: 'sam',
    email: 'sam@example.com',
    password: 'fernwood-store',
    displayName: 'Sam Okafor',
    role: ROLES.storeManager,
  },
  viewer: {
    slug: 'vera',
    email: 'vera@example.com',
    password: 'fernwood-viewer',
    displayName: 'Vera Lind',
    role: ROLES.viewer,
  },
} as const satisfies Record<string, DemoOwner>;

/** The contributors the demo site already has; the others are added here. */
const EXISTING = new Set(['nora', 'theo', 'sam']);

/** Salts fixed per account so every load of the demo site is the same rows (the seed tests compare loads). */
function demoSalt(slug: string): Buffer {
  return createHash('sha256').update(`demo:owner-salt:${slug}`).digest().subarray(0, 16);
}

export type DemoOwnerHashes = ReadonlyMap<string, string>;

/** Made before the seed's transaction, which then holds no lock through a scrypt. */
export async function hashDemoOwnerPasswords(): Promise<DemoOwnerHashes> {
  const owners = Object.values(DEMO_OWNERS);
  const hashes = await Promise.all(owners.map((owner) => hashPassword(owner.password, demoSalt(owner.slug))));
  return new Map(owners.map((owner, index) => [owner.slug, hashes[index]!]));
}

export async function seedDemoOwners(
  trx: Db,
  hashes: DemoOwnerHashes,
  createdOn: Date | string | undefined,
): Promise<void> {
  for (const owner of Object.values(DEMO_OWNERS)) {
    const id = demoId('contributor', owner.slug);
    const passwordHash = hashes.get(owner.slug)!;
    if (EXISTING.has(owner.slug)) {
      await trx
        .updateTable('contributors')
        .set({ passwordHash, role: owner.role })
        .where('websiteId', '=', DEMO_WEBSITE_ID)
        .where('id', '=', id)
        .execute();
    } else {
      await trx
        .insertInto('contributors')
        .values({
          websiteId: DEMO_WEBSITE_ID,
          id,
          email: owner.email,
          displayName: owner.displayName,
          role: owner.role,
          passwordHash,
          createdOn,
        })
        .execute();
    }
  }
}
