import type { PaymentLinksTable } from './payment-links-en.ts';

export const paymentLinksJa: PaymentLinksTable = {
  'paymentLink.title': '団体のお支払い',
  'paymentLink.missing': '団体販売の情報が見つかりません。',
  'paymentLink.loading': 'お支払い情報を読み込み中…',
  'paymentLink.loadFailed': 'お支払い情報を読み込めませんでした。もう一度お試しください。',
  'paymentLink.for': '{{name}}様へのご請求',
  'paymentLink.deposit': '前金',
  'paymentLink.balance': '残金',
  'paymentLink.amountDue': 'ご請求額',
  'paymentLink.yourDetails': 'お客様情報',
  'paymentLink.card': 'カード',
  'paymentLink.pay': '{{amount}}を支払う',
  'paymentLink.paying': 'お支払い処理中…',
  'paymentLink.payWithWorldPay': 'WorldPayで支払う',
  'paymentLink.alreadyPaid': 'このお支払いはすでに完了しています。',
  'paymentLink.viewConfirmation': '確認画面を見る',
  'paymentLink.cancelled': 'このお支払い請求は取り消されました。チケット窓口までお問い合わせください。',
  'paymentLink.declined': 'カードが承認されませんでした。別のカードをお試しください。',
  'paymentLink.failed': 'お支払いができませんでした。料金は請求されていません。もう一度お試しください。',
  'paymentLink.network':
    'チケット窓口のシステムに接続できませんでした。通信環境をご確認のうえ、もう一度お試しください。',
  'paymentLink.authCancelled': 'カードの本人認証が完了しませんでした。料金は請求されていません。',
  'paymentLink.fixFields': '強調表示された項目をご確認ください。',
  'paymentLink.processing': 'お支払いを処理しています…',
  'paymentLink.processingFailed': 'WorldPayでのお支払いを完了できませんでした。',
  'paymentLink.backToPayment': 'お支払いに戻る',
  'paymentLink.confirmed.title': 'お支払いを受け付けました',
  'paymentLink.confirmed.body':
    '{{name}}様、ありがとうございます。{{description}}の代金として{{amount}}を受け付けました。',
  'paymentLink.confirmed.card': '{{brand}}（末尾{{last4}}）',
  'paymentLink.confirmed.reference': 'お支払い番号 {{id}}',
  'houseSeats.title': '関係者席',
  'houseSeats.loading': '関係者席をカートに追加しています…',
  'houseSeats.failed':
    '申し訳ありません。ご注文を完了できませんでした。詳しくは関係者席のご担当者にお問い合わせください。',
};
