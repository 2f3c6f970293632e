import type { PlansTable } from './plans-en.ts';

export const plansDe: PlansTable = {
  'plans.loading': 'Das Abonnement wird geladen…',
  'plans.notFound':
    'Dieses Abonnement wurde nicht gefunden. Es ist vielleicht beendet oder der Link ist falsch.',
  'plans.failed': 'Das Abonnement konnte nicht geladen werden. Bitte versuchen Sie es erneut.',
  'plans.seatQuantity': 'Plätze für jede Vorstellung',
  'plans.quantityLimits': 'Die Mindestanzahl an Gästen ist {{min}} und die Höchstanzahl ist {{max}}.',
  'plans.slotRule': 'Wählen Sie eine Vorstellung für {{min}} bis {{max}} dieser Shows.',
  'plans.slotRuleExact': 'Wählen Sie für jede dieser {{count}} Shows eine Vorstellung.',
  'plans.required': 'Pflicht',
  'plans.optional': 'Optional',
  'plans.slotsLabel': 'Shows in diesem Abonnement',
  'plans.noPerformances': 'Noch keine Vorstellungen zur Auswahl.',
  'plans.selectSeats': 'Plätze wählen',
  'plans.selectSeatsFor': 'Plätze wählen für {{name}}, {{date}}',
  'plans.soldOut': 'Ausverkauft',
  'plans.notOnSale': 'Nicht im Verkauf',
  'plans.seatsLeft_one': 'Noch {{count}} Platz frei',
  'plans.seatsLeft_other': 'Noch {{count}} Plätze frei',
  'plans.partsLabel': 'Die beiden Teile',
};
