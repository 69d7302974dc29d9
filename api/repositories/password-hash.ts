/**
 * Password hashing for every kind of account (site users, owners): scrypt
 * with its cost stored beside the hash, and a stand-in hash for checks of an
 * unknown email so that their timing tells nothing.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt cost: 2^14 iterations of 8-block rounds, about 16 MB, under Node's
// default memory cap. Stored with the hash so it can be raised later.
const SCRYPT_COST = 16384;
const SCRYPT_BLOCK_SIZE = 8;
const SCRYPT_PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url: everything needed to check it later. */
export async function hashPassword(password: string, fixedSalt?: Buffer): Promise<string> {
  // Only the demo seed passes a salt, so its rows are the same on every load.
  const salt = fixedSalt ?? randomBytes(SALT_LENGTH);
  const options = { N: SCRYPT_COST, r: SCRYPT_BLOCK_SIZE, p: SCRYPT_PARALLELISM };
  const key = await scryptKey(password, salt, KEY_LENGTH, options);
  return ['scrypt', options.N, options.r, options.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, saltText, hashText, ...extra] = stored.split('$');
  if (scheme !== 'scrypt' || saltText === undefined || hashText === undefined || extra.length > 0) return false;
  const N = Number(cost);
  const r = Number(blockSize);
  const p = Number(parallelism);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(saltText, 'base64url');
  const expected = Buffer.from(hashText, 'base64url');
  if (expected.length === 0) return false;
  const actual = await scryptKey(password, salt, expected.length, { N, r, p, maxmem: 256 * N * r });
  return timingSafeEqual(actual, expected);
}

function scryptKey(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // The same password can arrive composed or decomposed depending on the visitor's system.
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

// The stand-in an unknown email is checked against, made once with the
// current cost so that check takes as long as a real one.
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
