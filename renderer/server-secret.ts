/**
 * The secret the server signs crumbs with: SECRET from the environment (every
 * process behind a balancer must share it), or one generated into the data
 * folder on first start and read back on every start after.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Shorter than this, a secret could be guessed offline from one signed crumb. */
export const MIN_SECRET_LENGTH = 32;

export async function serverSecret(fromEnv: string | undefined, dataDir: string): Promise<string> {
  if (fromEnv !== undefined) {
    if (fromEnv.length < MIN_SECRET_LENGTH) throw new Error(`SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    return fromEnv;
  }
  const file = path.resolve(dataDir, 'secret');
  await mkdir(path.dirname(file), { recursive: true });
  try {
    // 'wx': of two processes starting at once, one writes it and the other reads the same one.
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`${file} holds no usable secret; remove it to make a new one`);
  return secret;
}
