import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  GIFT_FIELDS,
  GIFT_MESSAGE_MAX_LENGTH,
  lastDeliveryDate,
  type GiftDetails,
  type GiftField,
  type GiftProblem,
} from './membership-choice.ts';

// The gift half of the membership form: who receives it, an optional message, and when it is
// e-mailed (as soon as the order is placed, or at 9:00 venue time on a day from today to a year on).

/** Each gift field's problem in words, for the fields' error lines. */
export const giftErrorTexts = (
  t: TFunction,
  problems: Partial<Record<GiftField, GiftProblem>>,
): Partial<Record<GiftField, string>> => {
  const errors: Partial<Record<GiftField, string>> = {};
  for (const field of GIFT_FIELDS) {
    const problem = problems[field];
    if (problem) errors[field] = t(`memberships.problem.${problem.code}`, { ...problem.values });
  }
  return errors;
};

export function GiftFields(props: {
  readonly idPrefix: string;
  readonly gift: GiftDetails;
  readonly today: string;
  readonly timeZone: string;
  readonly errors: Readonly<Partial<Record<GiftField, string>>>;
  readonly onChange: (change: Partial<GiftDetails>) => void;
}) {
  const { t } = useTranslation();
  const { gift, errors, idPrefix } = props;
  const id = (field: GiftField) => `${idPrefix}-${field}`;
  const errorOf = (field: GiftField) =>
    errors[field] ? (
      <p className="field-error" id={`${id(field)}-error`}>
        {errors[field]}
      </p>
    ) : null;
  const described = (field: GiftField, hint?: boolean) =>
    [errors[field] ? `${id(field)}-error` : null, hint ? `${id(field)}-hint` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const text = (
    field: 'giftFirstName' | 'giftLastName' | 'giftEmail',
    key: keyof GiftDetails,
    label: string,
  ) => (
    <div className="membership-field">
      <label className="field-label" htmlFor={id(field)}>
        {label}
      </label>
      <input
        id={id(field)}
        name={field}
        className="text-input"
        type={field === 'giftEmail' ? 'email' : 'text'}
        autoComplete="off"
        maxLength={field === 'giftEmail' ? 300 : 100}
        value={gift[key] as string}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={described(field, field === 'giftEmail')}
        onChange={(e) => props.onChange({ [key]: e.target.value })}
      />
      {field === 'giftEmail' && (
        <p className="field-hint" id={`${id(field)}-hint`}>
          {t('memberships.giftEmailHint')}
        </p>
      )}
      {errorOf(field)}
    </div>
  );

  return (
    <fieldset className="membership-gift">
      <legend className="membership-form__legend">{t('memberships.giftHeading')}</legend>
      <div className="membership-gift__names">
        {text('giftFirstName', 'firstName', t('memberships.giftFirstName'))}
        {text('giftLastName', 'lastName', t('memberships.giftLastName'))}
      </div>
      {text('giftEmail', 'email', t('memberships.giftEmail'))}
      <div className="membership-field">
        <label className="field-label" htmlFor={id('giftMessage')}>
          {t('memberships.giftMessage')}
        </label>
        <textarea
          id={id('giftMessage')}
          name="giftMessage"
          className="text-input membership-gift__message"
          maxLength={GIFT_MESSAGE_MAX_LENGTH}
          rows={3}
          value={gift.message}
          aria-invalid={errors.giftMessage ? true : undefined}
          aria-describedby={described('giftMessage', true)}
          onChange={(e) => props.onChange({ message: e.target.value })}
        />
        <p className="field-hint" id={`${id('giftMessage')}-hint`}>
          {t('memberships.giftMessageCount', {
            count: [...gift.message].length,
            max: GIFT_MESSAGE_MAX_LENGTH,
          })}
        </p>
        {errorOf('giftMessage')}
      </div>
      <fieldset className="membership-gift__when">
        <legend className="field-label">{t('memberships.giftWhen')}</legend>
        <label className="membership-radio">
          <input
            type="radio"
            name={`${idPrefix}-when`}
            checked={gift.sendNow}
            onChange={() => props.onChange({ sendNow: true })}
          />
          {t('memberships.sendNow')}
        </label>
        <label className="membership-radio">
          <input
            type="radio"
            name={`${idPrefix}-when`}
            checked={!gift.sendNow}
            onChange={() => props.onChange({ sendNow: false })}
          />
          {t('memberships.sendOnDate')}
        </label>
        {!gift.sendNow && (
          <div className="membership-field">
            <label className="field-label" htmlFor={id('giftDeliveryLocalDate')}>
              {t('memberships.giftDeliveryDate')}
            </label>
            <input
              id={id('giftDeliveryLocalDate')}
              name="giftDeliveryLocalDate"
              className="text-input membership-gift__date"
              type="date"
              min={props.today}
              max={lastDeliveryDate(props.today)}
              value={gift.deliveryDate}
              aria-invalid={errors.giftDeliveryLocalDate ? true : undefined}
              aria-describedby={described('giftDeliveryLocalDate', true)}
              onChange={(e) => props.onChange({ deliveryDate: e.target.value })}
            />
            <p className="field-hint" id={`${id('giftDeliveryLocalDate')}-hint`}>
              {t('memberships.giftDeliveryHint', { zone: props.timeZone })}
            </p>
            {errorOf('giftDeliveryLocalDate')}
          </div>
        )}
      </fieldset>
    </fieldset>
  );
}
