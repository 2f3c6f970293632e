import type { PlansTable } from './plans-en.ts';

export const plansFr: PlansTable = {
  'plans.loading': 'Chargement de la formule…',
  'plans.notFound': 'Cette formule est introuvable. Elle est peut-être terminée ou le lien est erroné.',
  'plans.failed': 'La formule n’a pas pu être chargée. Veuillez réessayer.',
  'plans.seatQuantity': 'Places pour chaque spectacle',
  'plans.quantityLimits': 'Le nombre minimum d’invités est {{min}} et le nombre maximum est {{max}}.',
  'plans.slotRule': 'Choisissez une représentation pour {{min}} à {{max}} de ces spectacles.',
  'plans.slotRuleExact': 'Choisissez une représentation pour chacun de ces {{count}} spectacles.',
  'plans.required': 'Obligatoire',
  'plans.optional': 'Facultatif',
  'plans.slotsLabel': 'Spectacles de cette formule',
  'plans.noPerformances': 'Aucune représentation à choisir pour le moment.',
  'plans.selectSeats': 'Choisir des places',
  'plans.selectSeatsFor': 'Choisir des places pour {{name}}, {{date}}',
  'plans.soldOut': 'Complet',
  'plans.notOnSale': 'Pas en vente',
  'plans.seatsLeft_one': 'Plus que {{count}} place',
  'plans.seatsLeft_other': 'Plus que {{count}} places',
  'plans.partsLabel': 'Les deux parties',
};
