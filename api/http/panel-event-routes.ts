/**
 * The admin panels' tracking events (spec section 2: the inventory panel's
 * search, sorts, row expand and click, next page and settings). They come
 * from a signed-in owner, so they go through an owner route rather than the
 * visitor tracker (which never counts /config), and are stored beside the
 * visitor events as kind 'panel', apart from every visitor figure.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PANEL_EVENT_NAMES } from '../../shared/inventory-panel.ts';
import type { EventWriter } from '../analytics/event-writer.ts';
import { requireOwner } from './owner-auth.ts';
import { ownerRoute } from './owner-route.ts';
import { parseInput } from './validation.ts';

export const PANEL_EVENTS_PATH = '/api/owner/panel-events';

const panelEvent = z.object({
  event: z.string().refine((name) => PANEL_EVENT_NAMES.includes(name), 'Not a panel event.'),
  /** What the event concerns: the search text, the sort's direction, the product, the new value. */
  data: z.record(z.string().max(64), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).default({}),
});

export async function panelEventRoutes(app: FastifyInstance, options: { writer: EventWriter }): Promise<void> {
  ownerRoute(app, {
    method: 'POST',
    url: PANEL_EVENTS_PATH,
    permission: 'own-account',
    handler: async (request, reply) => {
      const owner = requireOwner(request);
      const body = parseInput(panelEvent, request.body);
      const who = owner.actor.kind === 'contributor' ? owner.actor.session.contributor.id : owner.actor.apiKey.id;
      options.writer.add([
        {
          websiteId: owner.site.website.id,
          occurredAt: new Date(),
          kind: 'panel',
          name: body.event,
          visitorId: who,
          sessionId: null,
          pagePath: null,
          bot: false,
          data: body.data,
        },
      ]);
      return reply.code(202).send();
    },
  });
}
