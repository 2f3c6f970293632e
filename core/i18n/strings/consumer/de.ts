import type { ConsumerTable } from './en.ts';

export const consumerDe: ConsumerTable = {
  'app.name': 'Foyer',
  'app.tagline': 'Tickets für Live-Veranstaltungen',
  'a11y.skipToContent': 'Zum Hauptinhalt springen',
  'nav.label': 'Hauptnavigation',
  'nav.home': 'Foyer, zum Programm',
  'nav.whatsOn': 'Programm',
  'nav.basket': 'Warenkorb',
  'nav.account': 'Konto',
  'nav.breadcrumb': 'Brotkrümelnavigation',
  'footer.label': 'Informationen zur Website',
  'footer.copyright': '© {{year}} Foyer Ticketing',
  'footer.language': 'Sprache',

  'common.loading': 'Wird geladen…',
  'common.retry': 'Erneut versuchen',
  'common.backToWhatsOn': 'Zurück zum Programm',
  'error.title': 'Etwas ist schiefgelaufen',
  'error.network':
    'Foyer ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  'error.generic': 'Fehler beim Ausführen der Anfrage',

  'home.title': 'Programm',
  'home.intro': 'Wählen Sie eine Vorstellung, dann Ihren Termin und Ihre Plätze.',
  'home.loading': 'Programm wird geladen…',
  'home.empty': 'Derzeit ist nichts im Verkauf. Schauen Sie bald wieder vorbei.',
  'home.error': 'Das Programm konnte nicht geladen werden.',
  'home.nextDates': 'Nächste Termine',
  'home.seeDates': 'Termine und Tickets',
  'home.seeDatesFor': 'Termine und Tickets für {{series}}',

  'series.loading': 'Termine werden geladen…',
  'series.upcoming': 'Kommende Termine',
  'series.dateCount_one': '{{count}} kommender Termin',
  'series.dateCount_other': '{{count}} kommende Termine',
  'series.noDates': 'Für diese Vorstellung gibt es keine kommenden Termine.',
  'series.error': 'Diese Vorstellung konnte nicht geladen werden.',
  'series.notFoundTitle': 'Vorstellung nicht gefunden',
  'series.notFoundBody': 'Wir haben keine Vorstellung mit dem Code {{code}} gefunden.',
  'series.chooseSeats': 'Plätze wählen',
  'series.onSaleFrom': 'Im Verkauf ab {{date}}',
  'series.presale': 'Vorverkauf',
  'series.calendarNote': 'Wählen Sie einen Termin, um Ihre Plätze auszusuchen.',

  'availability.High': 'Gute Verfügbarkeit',
  'availability.Medium': 'Gefragt',
  'availability.Low': 'Nur noch wenige Plätze',
  'availability.SoldOut': 'Ausverkauft',

  'notFound.title': 'Seite nicht gefunden',
  'notFound.body':
    'Die gewünschte Seite wurde nicht gefunden. Vielleicht wurde sie verschoben, oder die Adresse enthält einen Tippfehler.',
  'notFound.home': 'Zum Programm',

  'comingSoon.body':
    'Dieser Bereich von Foyer ist noch nicht geöffnet. Bis dahin können Sie das Programm ansehen.',
  'comingSoon.backToSeries': 'Zurück zu den Terminen',
  'comingSoon.seatSelection': 'Die Platzwahl kommt bald',
  'comingSoon.bestAvailable': 'Die Bestplatzsuche kommt bald',
  'comingSoon.plans': 'Abonnements kommen bald',
  'comingSoon.pairedPlans': 'Kombi-Abonnements kommen bald',
  'comingSoon.webTickets': 'Online-Tickets kommen bald',
  'comingSoon.membershipCard': 'Mitgliedskarten kommen bald',
  'comingSoon.products': 'Zusatzangebote kommen bald',
  'comingSoon.memberships': 'Mitgliedschaften kommen bald',
  'comingSoon.basket': 'Der Warenkorb kommt bald',
  'comingSoon.checkout': 'Die Kasse kommt bald',
  'comingSoon.orderConfirmation': 'Bestellbestätigungen kommen bald',
  'comingSoon.paymentLinks': 'Zahlungslinks kommen bald',
  'comingSoon.account': 'Kundenkonten kommen bald',

  'basketExpired.title': 'Ihr Warenkorb ist abgelaufen',
  'basketExpired.body':
    'Plätze werden nur für begrenzte Zeit reserviert. Ihre Plätze wurden freigegeben, damit andere sie buchen können.',
  'basketExpired.again': 'Ihre Vorstellung wiederfinden',
  'checkoutError.title': 'Ihre Bestellung konnte nicht abgeschlossen werden',
  'checkoutError.body':
    'Bei der Bearbeitung Ihrer Bestellung ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut über Ihren Warenkorb.',
  'checkoutError.basket': 'Zum Warenkorb',
  'orderUnauthorized.title': 'Sie können diese Bestellung nicht ansehen',
  'orderUnauthorized.body':
    'Diese Bestellung gehört zu einem anderen Konto, oder der Link ist abgelaufen. Melden Sie sich mit dem Konto an, mit dem bestellt wurde.',
  'paymentUnauthorized.title': 'Dieser Zahlungslink kann nicht verwendet werden',
  'paymentUnauthorized.body':
    'Der Link ist möglicherweise abgelaufen oder wurde bereits verwendet. Bitte wenden Sie sich an die Theaterkasse.',

  'basket.loading': 'Warenkorb wird geladen...',
  'basket.updating': 'Warenkorb wird aktualisiert...',
  'promo.presaleEmpty': 'Der Vorverkaufscode ist leer',
  'plans.quantityRange': 'Die Mindestanzahl an Gästen ist {{min}} und die Höchstanzahl ist {{max}}.',
  'payment.noGroupSales': 'Keine Informationen zum Gruppenverkauf gefunden.',
  'worldPay.redirectIn_one': 'Weiterleitung in {{count}} Sekunde...',
  'worldPay.redirectIn_other': 'Weiterleitung in {{count}} Sekunden...',
};
