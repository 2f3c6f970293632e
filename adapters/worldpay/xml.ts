// WorldPay's XML payment service (WPG): the three messages Foyer sends (a hosted-page order, an
// order inquiry, a refund) and the few facts it reads back. The replies are a small, stable
// machine format; reading the elements we need by name keeps Foyer free of an XML dependency.

const DOCTYPE =
  '<!DOCTYPE paymentService PUBLIC "-//WorldPay//DTD WorldPay PaymentService v1//EN" "http://dtd.worldpay.com/paymentService_v1.dtd">';

export const escapeXml = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const unescapeXml = (text: string): string =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, name: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (named[name.toLowerCase()]) return named[name.toLowerCase()]!;
    return String.fromCodePoint(
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
    );
  });

const envelope = (merchantCode: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${DOCTYPE}\n<paymentService version="1.4" merchantCode="${escapeXml(merchantCode)}">${inner}</paymentService>`;

const amountXml = (amount: number, currency: string) =>
  `<amount currencyCode="${escapeXml(currency)}" exponent="2" value="${amount}"/>`;

export const orderXml = (o: {
  readonly merchantCode: string;
  readonly installationId: string;
  readonly orderCode: string;
  readonly description: string;
  readonly amount: number;
  readonly currency: string;
  readonly shopperEmail: string | null;
}) =>
  envelope(
    o.merchantCode,
    `<submit><order orderCode="${escapeXml(o.orderCode)}" installationId="${escapeXml(o.installationId)}">` +
      `<description>${escapeXml(o.description)}</description>${amountXml(o.amount, o.currency)}` +
      `<orderContent>${escapeXml(o.description)}</orderContent>` +
      `<paymentMethodMask><include code="ALL"/></paymentMethodMask>` +
      (o.shopperEmail
        ? `<shopper><shopperEmailAddress>${escapeXml(o.shopperEmail)}</shopperEmailAddress></shopper>`
        : '') +
      `</order></submit>`,
  );

export const inquiryXml = (merchantCode: string, orderCode: string) =>
  envelope(merchantCode, `<inquiry><orderInquiry orderCode="${escapeXml(orderCode)}"/></inquiry>`);

export const refundXml = (merchantCode: string, orderCode: string, amount: number, currency: string) =>
  envelope(
    merchantCode,
    `<modify><orderModification orderCode="${escapeXml(orderCode)}"><refund>${amountXml(amount, currency)}</refund></orderModification></modify>`,
  );

/** Cancels an authorisation, or refunds it in full once captured. */
export const cancelOrRefundXml = (merchantCode: string, orderCode: string) =>
  envelope(
    merchantCode,
    `<modify><orderModification orderCode="${escapeXml(orderCode)}"><cancelOrRefund/></orderModification></modify>`,
  );

/** The text of the first <name ...>text</name> (CDATA unwrapped, entities decoded), or null. */
export const elementText = (xml: string, name: string): string | null => {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  if (!match) return null;
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(match[1]!);
  return cdata ? cdata[1]! : unescapeXml(match[1]!.trim());
};

/** An attribute of the first <name ...> element, or null. */
export const elementAttribute = (xml: string, name: string, attribute: string): string | null => {
  const tag = new RegExp(`<${name}(\\s[^>]*)?/?>`).exec(xml);
  const value = tag?.[1] ? new RegExp(`\\s${attribute}="([^"]*)"`).exec(tag[1]) : null;
  return value ? unescapeXml(value[1]!) : null;
};

/** WorldPay's error reply, e.g. { code: '5', message: 'Order not found' }, or null. */
export const replyError = (xml: string): { code: string; message: string } | null => {
  const message = elementText(xml, 'error');
  return message === null ? null : { code: elementAttribute(xml, 'error', 'code') ?? '', message };
};
