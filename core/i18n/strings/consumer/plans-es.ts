import type { PlansTable } from './plans-en.ts';

export const plansEs: PlansTable = {
  'plans.loading': 'Cargando el abono…',
  'plans.notFound': 'No se encontró este abono. Puede que haya terminado o que el enlace sea incorrecto.',
  'plans.failed': 'No se pudo cargar el abono. Inténtelo de nuevo.',
  'plans.seatQuantity': 'Asientos para cada función',
  'plans.quantityLimits': 'La cantidad mínima de invitados es {{min}} y la máxima es {{max}}.',
  'plans.slotRule': 'Elija una función para {{min}} a {{max}} de estos espectáculos.',
  'plans.slotRuleExact': 'Elija una función para cada uno de estos {{count}} espectáculos.',
  'plans.required': 'Obligatorio',
  'plans.optional': 'Opcional',
  'plans.slotsLabel': 'Espectáculos de este abono',
  'plans.noPerformances': 'Aún no hay funciones para elegir.',
  'plans.selectSeats': 'Elegir asientos',
  'plans.selectSeatsFor': 'Elegir asientos para {{name}}, {{date}}',
  'plans.soldOut': 'Agotado',
  'plans.notOnSale': 'No está a la venta',
  'plans.seatsLeft_one': 'Queda {{count}} asiento',
  'plans.seatsLeft_other': 'Quedan {{count}} asientos',
  'plans.partsLabel': 'Las dos partes',
};
