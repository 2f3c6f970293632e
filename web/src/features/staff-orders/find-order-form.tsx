import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './staff-orders.css';

/** "Find an order" on the clerk's home: one box, straight to /admin/orders?q=. */
export function FindOrderForm() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) void navigate({ to: '/admin/orders', search: { q: text.trim() } as never });
  };
  return (
    <form className="find-order admin-card" role="search" aria-labelledby={`${id}-label`} onSubmit={submit}>
      <label id={`${id}-label`} htmlFor={id} className="field-label">
        {t('staffOrders.findOrder')}
      </label>
      <div className="inline-form">
        <input
          id={id}
          className="text-input"
          type="search"
          value={text}
          maxLength={100}
          placeholder={t('staffOrders.findOrderPlaceholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="button">
          {t('staffOrders.findOrderButton')}
        </button>
      </div>
    </form>
  );
}
