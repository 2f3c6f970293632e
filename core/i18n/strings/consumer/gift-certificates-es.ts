// The gift certificate pages' words (web/src/features/gift-certificates/).
import type { giftCertificatesEn } from './gift-certificates-en.ts';

export const giftCertificatesEs: Record<keyof typeof giftCertificatesEn, string> = {
  'giftCertificates.title': 'Tarjetas regalo',
  'giftCertificates.intro':
    'Regale una tarjeta regalo: su código llega por correo electrónico y paga entradas en la web o en taquilla.',
  'giftCertificates.amount': 'Importe',
  'giftCertificates.custom': 'Otro importe',
  'giftCertificates.customHint': 'De {{min}} a {{max}}',
  'giftCertificates.recipientName': 'Nombre del destinatario',
  'giftCertificates.recipientEmail': 'Correo electrónico del destinatario',
  'giftCertificates.recipientEmailHint': 'Déjelo vacío para recibir el código usted.',
  'giftCertificates.message': 'Mensaje (opcional)',
  'giftCertificates.add': 'Añadir a la cesta',
  'giftCertificates.adding': 'Añadiendo…',
  'giftCertificates.chooseAmount': 'Elija un importe.',
  'giftCertificates.line': 'Tarjeta regalo',
  'giftCertificates.lineFor': 'para {{name}}',
  'giftCertificates.remove': 'Quitar',
  'giftCertificates.payTitle': 'Tarjeta regalo',
  'giftCertificates.code': 'Código de la tarjeta regalo',
  'giftCertificates.check': 'Consultar saldo',
  'giftCertificates.balance': 'Saldo: {{amount}}',
  'giftCertificates.apply': 'Aplicar {{amount}}',
  'giftCertificates.applied': '{{amount}} pagados con la tarjeta regalo {{code}}',
  'giftCertificates.rest': 'Pendiente de pagar con tarjeta: {{amount}}',
  'giftCertificates.removeApplied': 'No usar',
  'giftCertificates.covered': 'Su tarjeta regalo paga todo el pedido: no necesita tarjeta.',
  'giftCertificates.placeOrder': 'Realizar pedido, pagado con tarjeta regalo',
  'giftCertificates.counter.title': 'Vender un vale regalo',
  'giftCertificates.counter.choose': 'Elija un importe',
  'giftCertificates.counter.add': 'Añadir vale regalo',
};
