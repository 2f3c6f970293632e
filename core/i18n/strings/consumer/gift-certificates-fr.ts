// The gift certificate pages' words (web/src/features/gift-certificates/).
import type { giftCertificatesEn } from './gift-certificates-en.ts';

export const giftCertificatesFr: Record<keyof typeof giftCertificatesEn, string> = {
  'giftCertificates.title': 'Chèques-cadeaux',
  'giftCertificates.intro':
    'Offrez un chèque-cadeau : son code arrive par e-mail et paie des billets sur le web ou au guichet.',
  'giftCertificates.amount': 'Montant',
  'giftCertificates.custom': 'Autre montant',
  'giftCertificates.customHint': 'De {{min}} à {{max}}',
  'giftCertificates.recipientName': 'Nom du bénéficiaire',
  'giftCertificates.recipientEmail': 'E-mail du bénéficiaire',
  'giftCertificates.recipientEmailHint': 'Laissez vide pour recevoir le code vous-même.',
  'giftCertificates.message': 'Message (facultatif)',
  'giftCertificates.add': 'Ajouter au panier',
  'giftCertificates.adding': 'Ajout…',
  'giftCertificates.chooseAmount': 'Veuillez choisir un montant.',
  'giftCertificates.line': 'Chèque-cadeau',
  'giftCertificates.lineFor': 'pour {{name}}',
  'giftCertificates.remove': 'Retirer',
  'giftCertificates.payTitle': 'Chèque-cadeau',
  'giftCertificates.code': 'Code du chèque-cadeau',
  'giftCertificates.check': 'Vérifier le solde',
  'giftCertificates.balance': 'Solde : {{amount}}',
  'giftCertificates.apply': 'Utiliser {{amount}}',
  'giftCertificates.applied': '{{amount}} payés avec le chèque-cadeau {{code}}',
  'giftCertificates.rest': 'Reste à payer par carte : {{amount}}',
  'giftCertificates.removeApplied': 'Ne pas utiliser',
  'giftCertificates.covered': 'Votre chèque-cadeau paie toute la commande : aucune carte n’est nécessaire.',
  'giftCertificates.placeOrder': 'Commander, payé par chèque-cadeau',
  'giftCertificates.counter.title': 'Vendre un chèque-cadeau',
  'giftCertificates.counter.choose': 'Choisissez un montant',
  'giftCertificates.counter.add': 'Ajouter le chèque-cadeau',
};
