// ギフト券ページの文言（web/src/features/gift-certificates/）。
import type { giftCertificatesEn } from './gift-certificates-en.ts';

export const giftCertificatesJa: Record<keyof typeof giftCertificatesEn, string> = {
  'giftCertificates.title': 'ギフト券',
  'giftCertificates.intro':
    'ギフト券を贈りましょう。コードはメールで届き、ウェブサイトでもチケット窓口でもチケットのお支払いにご利用いただけます。',
  'giftCertificates.amount': '金額',
  'giftCertificates.custom': 'その他の金額',
  'giftCertificates.customHint': '{{min}}～{{max}}',
  'giftCertificates.recipientName': '受取人のお名前',
  'giftCertificates.recipientEmail': '受取人のメールアドレス',
  'giftCertificates.recipientEmailHint': '空欄の場合は、コードがお客様ご自身に届きます。',
  'giftCertificates.message': 'メッセージ（任意）',
  'giftCertificates.add': 'カートに入れる',
  'giftCertificates.adding': '追加中…',
  'giftCertificates.chooseAmount': '金額をお選びください。',
  'giftCertificates.line': 'ギフト券',
  'giftCertificates.lineFor': '（{{name}}様宛て）',
  'giftCertificates.remove': '削除',
  'giftCertificates.payTitle': 'ギフト券',
  'giftCertificates.code': 'ギフト券コード',
  'giftCertificates.check': '残高を確認',
  'giftCertificates.balance': '残高：{{amount}}',
  'giftCertificates.apply': '{{amount}}を利用する',
  'giftCertificates.applied': 'ギフト券「{{code}}」で{{amount}}をお支払い済み',
  'giftCertificates.rest': 'カードでの残りのお支払い額：{{amount}}',
  'giftCertificates.removeApplied': '利用しない',
  'giftCertificates.covered': 'ご注文の全額をギフト券でお支払いいただけます。カードは不要です。',
  'giftCertificates.placeOrder': 'ギフト券で支払って注文を確定する',
  'giftCertificates.counter.title': 'ギフト券を販売',
  'giftCertificates.counter.choose': '金額を選択',
  'giftCertificates.counter.add': 'ギフト券を追加',
};
