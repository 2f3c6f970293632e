// The gift certificate pages' words (web/src/features/gift-certificates/).
import type { giftCertificatesEn } from './gift-certificates-en.ts';

export const giftCertificatesKo: Record<keyof typeof giftCertificatesEn, string> = {
  'giftCertificates.title': '상품권',
  'giftCertificates.intro':
    '상품권을 선물해 보세요. 상품권 코드는 이메일로 전달되며, 웹사이트나 매표소에서 티켓 결제에 사용할 수 있습니다.',
  'giftCertificates.amount': '금액',
  'giftCertificates.custom': '직접 입력',
  'giftCertificates.customHint': '{{min}}부터 {{max}}까지',
  'giftCertificates.recipientName': '받는 분 이름',
  'giftCertificates.recipientEmail': '받는 분 이메일',
  'giftCertificates.recipientEmailHint': '비워 두시면 코드를 직접 받으실 수 있습니다.',
  'giftCertificates.message': '메시지 (선택)',
  'giftCertificates.add': '장바구니에 담기',
  'giftCertificates.adding': '담는 중…',
  'giftCertificates.chooseAmount': '금액을 선택해 주세요.',
  'giftCertificates.line': '상품권',
  'giftCertificates.lineFor': '(받는 분: {{name}})',
  'giftCertificates.remove': '삭제',
  'giftCertificates.payTitle': '상품권',
  'giftCertificates.code': '상품권 코드',
  'giftCertificates.check': '잔액 조회',
  'giftCertificates.balance': '잔액: {{amount}}',
  'giftCertificates.apply': '{{amount}} 사용하기',
  'giftCertificates.applied': '상품권 {{code}}에서 {{amount}} 결제됨',
  'giftCertificates.rest': '카드로 결제할 남은 금액: {{amount}}',
  'giftCertificates.removeApplied': '사용 안 함',
  'giftCertificates.covered': '상품권으로 주문 금액 전체가 결제되어 카드가 필요하지 않습니다.',
  'giftCertificates.placeOrder': '상품권으로 결제하고 주문하기',
  'giftCertificates.counter.title': '상품권 판매',
  'giftCertificates.counter.choose': '금액 선택',
  'giftCertificates.counter.add': '상품권 추가',
};
