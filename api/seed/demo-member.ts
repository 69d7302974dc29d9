/**
 * The demo site's member account, so sign-in can be tried on a fresh
 * install. Its email and password are in the README; being public, they
 * open nothing but this demo account.
 */
import { createHash } from 'node:crypto';
import { demoId } from './demo-ids.ts';

export const DEMO_MEMBER = {
  id: demoId('site-user', 'demo-member'),
  email: 'member@fernwood.test',
  password: 'fernwood-member',
  displayName: 'Robin Member',
  locale: 'en-US',
} as const;

/**
 * The demo password's salt, fixed so every load of the demo site is the
 * same rows (the seed tests compare two loads). A salt guards secrets, and
 * this password is printed in the README.
 */
export const DEMO_MEMBER_SALT = createHash('sha256').update('demo:site-user-salt').digest().subarray(0, 16);
