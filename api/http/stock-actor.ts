/** Who an owner call's stock change is logged as: the contributor by name, or the API key by its name. */
import type { StockActor } from '../repositories/inventory-adjustment-repository.ts';
import type { Owner } from './owner-auth.ts';

export function stockActor(owner: Owner): StockActor {
  if (owner.actor.kind === 'contributor') {
    const { contributor } = owner.actor.session;
    return { kind: 'contributor', id: contributor.id, name: contributor.displayName || contributor.email };
  }
  return { kind: 'api-key', id: owner.actor.apiKey.id, name: `API key "${owner.actor.apiKey.name}"` };
}
