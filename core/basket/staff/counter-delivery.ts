import type { DeliveryMethod } from '../basket.ts';

// The delivery of a sale handed over at the counter: tickets given to the buyer there and then,
// so nothing is asked of them (no e-mail, no address). It is the default of a staff basket whose
// clerk chose no delivery (core/orders/counter/checkout.ts); the demo calls it "Hand over at the
// counter" (adapters/postgres/demo/settings.ts). A point-of-sale method kept from consumers is
// it; failing that, any point-of-sale method that needs no field ("Box office collection").

const needsNothing = (method: Pick<DeliveryMethod, 'fields'>): boolean =>
  method.fields.every((f) => !f.Required);

/** The counter's hand-over delivery among `methods`, or null when there is none. */
export const counterDelivery = <M extends Pick<DeliveryMethod, 'type' | 'fields' | 'consumerVisible'>>(
  methods: readonly M[],
): M | null => {
  const handed = methods.filter((m) => m.type === 'PointOfSale' && needsNothing(m));
  return handed.find((m) => !m.consumerVisible) ?? handed[0] ?? null;
};

/**
 * The delivery a staff basket is sold with: the clerk's choice, else the counter's hand-over.
 * Null: keep the basket as it is (a choice made, or no hand-over delivery to default to).
 */
export const counterDefaultDelivery = <
  M extends Pick<DeliveryMethod, 'id' | 'type' | 'fields' | 'consumerVisible'>,
>(
  chosenId: number | null,
  methods: readonly M[],
): M | null =>
  chosenId !== null && methods.some((m) => m.id === chosenId) ? null : counterDelivery(methods);
