/**
 * The demo site's member account, so sign-in can be tried on a fresh
 * install. Its email and password are in the README; being public, they
 * open nothing but this demo account.
 */
import { demoId } from './demo-ids.ts';

export const DEMO_MEMBER = {
  id: demoId('site-user', 'demo-member'),
  email: 'member@fernwood.test',
  password: 'fernwood-member',
  displayName: 'Robin Member',
  locale: 'en-US',
} as const;
