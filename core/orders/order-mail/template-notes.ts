import { Effect } from 'effect';
import { TemplateMailTexts } from '../../event-templates/ports.ts';
import type { OrderDocument } from '../order-document.ts';

/**
 * The confirmation e-mail's text of each event's template (core/event-templates), for the first
 * e-mail and for tickets sent again alike. The order has no language of its own yet: the texts
 * are in English. Optional, so a runtime without the templates' store (a test's) sends the
 * e-mail without them.
 */
export const templateNotesFor = (doc: OrderDocument) =>
  Effect.gen(function* () {
    const texts = yield* Effect.serviceOption(TemplateMailTexts);
    return texts._tag === 'Some'
      ? yield* texts.value.forEvents(
          doc.events.map((e) => e.eventId),
          'en',
        )
      : undefined;
  });
