import type { PaymentLinksTable } from './payment-links-en.ts';

export const paymentLinksDe: PaymentLinksTable = {
  'paymentLink.title': 'Gruppenzahlung',
  'paymentLink.missing': 'Keine Gruppenverkaufsinformationen gefunden.',
  'paymentLink.loading': 'Ihre Zahlung wird geladen…',
  'paymentLink.loadFailed': 'Diese Zahlung konnte nicht geladen werden. Bitte versuchen Sie es erneut.',
  'paymentLink.for': 'Zahlung angefordert für {{name}}',
  'paymentLink.deposit': 'Anzahlung',
  'paymentLink.balance': 'Restbetrag',
  'paymentLink.amountDue': 'Fälliger Betrag',
  'paymentLink.yourDetails': 'Ihre Angaben',
  'paymentLink.card': 'Karte',
  'paymentLink.pay': '{{amount}} bezahlen',
  'paymentLink.paying': 'Zahlung läuft…',
  'paymentLink.payWithWorldPay': 'Mit WorldPay bezahlen',
  'paymentLink.alreadyPaid': 'Diese Zahlung wurde bereits geleistet.',
  'paymentLink.viewConfirmation': 'Bestätigung ansehen',
  'paymentLink.cancelled':
    'Diese Zahlungsanforderung wurde storniert. Bitte wenden Sie sich an die Theaterkasse.',
  'paymentLink.declined': 'Ihre Karte wurde abgelehnt. Bitte verwenden Sie eine andere Karte.',
  'paymentLink.failed':
    'Ihre Zahlung konnte nicht ausgeführt werden. Es wurde nichts belastet. Bitte versuchen Sie es erneut.',
  'paymentLink.network':
    'Die Theaterkasse ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  'paymentLink.authCancelled': 'Die Kartenbestätigung wurde nicht abgeschlossen. Es wurde nichts belastet.',
  'paymentLink.fixFields': 'Bitte prüfen Sie die markierten Felder.',
  'paymentLink.processing': 'Ihre Zahlung wird verarbeitet…',
  'paymentLink.processingFailed': 'Ihre WorldPay-Zahlung konnte nicht abgeschlossen werden.',
  'paymentLink.backToPayment': 'Zurück zur Zahlung',
  'paymentLink.confirmed.title': 'Zahlung erhalten',
  'paymentLink.confirmed.body': 'Vielen Dank, {{name}}. Wir haben {{amount}} für {{description}} erhalten.',
  'paymentLink.confirmed.card': '{{brand}} mit Endziffern {{last4}}',
  'paymentLink.confirmed.reference': 'Zahlungsreferenz {{id}}',
  'houseSeats.title': 'Hausplätze',
  'houseSeats.loading': 'Ihre Hausplätze werden in Ihren Warenkorb gelegt…',
  'houseSeats.failed':
    'Leider konnten wir Ihre Bestellung nicht abschließen. Bitte wenden Sie sich für weitere Informationen an Ihre Ansprechperson für Hausplätze.',
};
