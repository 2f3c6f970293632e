import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The admin home's way to an order's audit log: its number, then the log. */
export function AuditLookup() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const id = useId();
  const [orderId, setOrderId] = useState('');
  const [invalid, setInvalid] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = orderId.trim();
    if (!/^\d+$/.test(wanted)) {
      setInvalid(true);
      return;
    }
    void navigate({ to: '/admin/orders/$orderId/audit', params: { orderId: wanted } });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-area__name">
        {t('adminHome.auditArea')}
      </h3>
      <p className="admin-area__body">{t('adminHome.auditAreaBody')}</p>
      <label className="field-label" htmlFor={`${id}-order`}>
        {t('adminHome.orderNumber')}
      </label>
      <div className="inline-form">
        <input
          id={`${id}-order`}
          className="text-input"
          inputMode="numeric"
          autoComplete="off"
          value={orderId}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => {
            setOrderId(event.target.value);
            setInvalid(false);
          }}
        />
        <button type="submit" className="button button--small">
          {t('adminHome.showAuditLog')}
        </button>
      </div>
      {invalid && (
        <p id={`${id}-error`} className="field-error">
          {t('adminHome.orderNumberInvalid')}
        </p>
      )}
    </form>
  );
}
