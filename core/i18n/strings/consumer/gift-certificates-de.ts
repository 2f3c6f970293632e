// The gift certificate pages' words (web/src/features/gift-certificates/).
import type { giftCertificatesEn } from './gift-certificates-en.ts';

export const giftCertificatesDe: Record<keyof typeof giftCertificatesEn, string> = {
  'giftCertificates.title': 'Gutscheine',
  'giftCertificates.intro':
    'Verschenken Sie einen Gutschein: Sein Code kommt per E-Mail und bezahlt Karten im Web oder an der Kasse.',
  'giftCertificates.amount': 'Betrag',
  'giftCertificates.custom': 'Anderer Betrag',
  'giftCertificates.customHint': 'Von {{min}} bis {{max}}',
  'giftCertificates.recipientName': 'Name des Empfängers',
  'giftCertificates.recipientEmail': 'E-Mail des Empfängers',
  'giftCertificates.recipientEmailHint': 'Leer lassen, um den Code selbst zu erhalten.',
  'giftCertificates.message': 'Nachricht (optional)',
  'giftCertificates.add': 'In den Warenkorb',
  'giftCertificates.adding': 'Wird hinzugefügt…',
  'giftCertificates.chooseAmount': 'Bitte wählen Sie einen Betrag.',
  'giftCertificates.line': 'Gutschein',
  'giftCertificates.lineFor': 'für {{name}}',
  'giftCertificates.remove': 'Entfernen',
  'giftCertificates.payTitle': 'Gutschein',
  'giftCertificates.code': 'Gutscheincode',
  'giftCertificates.check': 'Guthaben prüfen',
  'giftCertificates.balance': 'Guthaben: {{amount}}',
  'giftCertificates.apply': '{{amount}} einlösen',
  'giftCertificates.applied': '{{amount}} mit Gutschein {{code}} bezahlt',
  'giftCertificates.rest': 'Noch per Karte zu zahlen: {{amount}}',
  'giftCertificates.removeApplied': 'Nicht verwenden',
  'giftCertificates.covered': 'Ihr Gutschein bezahlt die ganze Bestellung: Sie brauchen keine Karte.',
  'giftCertificates.placeOrder': 'Bestellen, mit Gutschein bezahlt',
  'giftCertificates.counter.title': 'Gutschein verkaufen',
  'giftCertificates.counter.choose': 'Betrag wählen',
  'giftCertificates.counter.add': 'Gutschein hinzufügen',
};
