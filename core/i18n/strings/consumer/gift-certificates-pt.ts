// The gift certificate pages' words (web/src/features/gift-certificates/).
import type { giftCertificatesEn } from './gift-certificates-en.ts';

export const giftCertificatesPt: Record<keyof typeof giftCertificatesEn, string> = {
  'giftCertificates.title': 'Vales-presente',
  'giftCertificates.intro':
    'Presenteie com um vale-presente: o código chega por e-mail e pode ser usado para pagar ingressos, pela internet ou na bilheteria.',
  'giftCertificates.amount': 'Valor',
  'giftCertificates.custom': 'Outro valor',
  'giftCertificates.customHint': 'De {{min}} a {{max}}',
  'giftCertificates.recipientName': 'Nome de quem vai receber',
  'giftCertificates.recipientEmail': 'E-mail de quem vai receber',
  'giftCertificates.recipientEmailHint': 'Deixe em branco para receber o código você mesmo.',
  'giftCertificates.message': 'Mensagem (opcional)',
  'giftCertificates.add': 'Adicionar ao carrinho',
  'giftCertificates.adding': 'Adicionando…',
  'giftCertificates.chooseAmount': 'Escolha um valor.',
  'giftCertificates.line': 'Vale-presente',
  'giftCertificates.lineFor': 'para {{name}}',
  'giftCertificates.remove': 'Remover',
  'giftCertificates.payTitle': 'Vale-presente',
  'giftCertificates.code': 'Código do vale-presente',
  'giftCertificates.check': 'Consultar saldo',
  'giftCertificates.balance': 'Saldo: {{amount}}',
  'giftCertificates.apply': 'Usar {{amount}}',
  'giftCertificates.applied': '{{amount}} pagos com o vale-presente {{code}}',
  'giftCertificates.rest': 'Restante a pagar com cartão: {{amount}}',
  'giftCertificates.removeApplied': 'Não usar',
  'giftCertificates.covered': 'O seu vale-presente cobre todo o pedido: nenhum cartão é necessário.',
  'giftCertificates.placeOrder': 'Fazer pedido, pago com vale-presente',
  'giftCertificates.counter.title': 'Vender um vale-presente',
  'giftCertificates.counter.choose': 'Escolha um valor',
  'giftCertificates.counter.add': 'Adicionar vale-presente',
};
