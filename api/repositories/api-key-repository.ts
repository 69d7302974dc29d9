import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { newId } from '../db/ids.ts';
import { json } from '../db/json.ts';
import { readJsonColumns } from '../db/read-json.ts';
import type { Db } from './transaction.ts';

/** What the panel shows of a key; the hash never leaves this module. */
export interface ApiKeyInfo {
  id: string;
  websiteId: string;
  name: string;
  keyPrefix: string;
  permissions: string[];
  createdOn: Date;
  lastUsedOn: Date | null;
  revokedOn: Date | null;
}

/** Marks the string as one of our keys (useful to secret scanners) and is part of the shown prefix. */
const KEY_MARK = 'sbk_';
/** How much of a key the panel shows to tell keys apart: the mark plus six random characters. */
const VISIBLE_PREFIX_LENGTH = KEY_MARK.length + 6;

const infoColumns = [
  'id',
  'websiteId',
  'name',
  'keyPrefix',
  'permissions',
  'createdOn',
  'lastUsedOn',
  'revokedOn',
] as const;

/**
 * Creates a key and returns it in clear this once; only its sha256 is
 * stored (a random 256-bit key needs no slow hash), so a database leak
 * does not leak usable keys.
 */
export async function createApiKey(
  db: Db,
  websiteId: string,
  name: string,
  permissions: readonly string[],
): Promise<{ key: string; apiKey: ApiKeyInfo }> {
  const key = KEY_MARK + randomBytes(32).toString('base64url');
  const apiKey = await db
    .insertInto('apiKeys')
    .values({
      websiteId,
      id: newId(),
      name,
      keyPrefix: key.slice(0, VISIBLE_PREFIX_LENGTH),
      keyHash: sha256(key),
      permissions: json(permissions),
    })
    .returning(infoColumns)
    .executeTakeFirstOrThrow();
  return { key, apiKey: readJsonColumns('apiKeys', apiKey) };
}

/** The live (not revoked) key a request presents, noting that it was used just now. */
export async function findApiKey(db: Db, websiteId: string, clearKey: string): Promise<ApiKeyInfo | undefined> {
  const apiKey = await db
    .updateTable('apiKeys')
    .set({ lastUsedOn: sql`now()` })
    .where('websiteId', '=', websiteId)
    .where('keyHash', '=', sha256(clearKey))
    .where('revokedOn', 'is', null)
    .returning(infoColumns)
    .executeTakeFirst();
  return readJsonColumns('apiKeys', apiKey);
}

/** All keys of a website, revoked ones included, newest first. */
export async function listApiKeys(db: Db, websiteId: string): Promise<ApiKeyInfo[]> {
  const apiKeys = await db
    .selectFrom('apiKeys')
    .select(infoColumns)
    .where('websiteId', '=', websiteId)
    .orderBy('createdOn', 'desc')
    .orderBy('id')
    .execute();
  return apiKeys.map((apiKey) => readJsonColumns('apiKeys', apiKey));
}

/** A key by its id alone (ids are unique across websites): an operator revoking a key need not name its site. */
export async function getApiKey(db: Db, id: string): Promise<ApiKeyInfo | undefined> {
  const apiKey = await db.selectFrom('apiKeys').select(infoColumns).where('id', '=', id).executeTakeFirst();
  return readJsonColumns('apiKeys', apiKey);
}

/** Revokes a key for good; false when there is no such live key. */
export async function revokeApiKey(db: Db, websiteId: string, id: string): Promise<boolean> {
  const revoked = await db
    .updateTable('apiKeys')
    .set({ revokedOn: sql`now()` })
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .where('revokedOn', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return revoked !== undefined;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
