import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/failure-text.ts';
import type { BasketData } from '../basket/basket-api.ts';
import { assignCustomer, createCustomer, removeCustomer, type Customer } from './staff-basket-api.ts';
import { useCustomerSearch } from './use-customer-search.ts';
import { altKey, KeyHint, useShortcut } from '../counter/shortcuts.tsx';

const fullName = (c: { FirstName?: string | null; LastName?: string | null }) =>
  [c.FirstName, c.LastName].filter(Boolean).join(' ');

/**
 * Who the basket is for: the assigned customer (with a way to take them off), a search by name,
 * e-mail or phone to assign one, or a new customer made at the counter and assigned at once.
 * By keyboard: Alt+U goes to the search, and Enter there assigns the first customer found.
 */
export function CustomerPanel(props: {
  basket: BasketData;
  change: (run: () => Promise<BasketData>) => Promise<boolean>;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [text, setText] = useState('');
  const [adding, setAdding] = useState(false);
  const search = useCustomerSearch(adding ? '' : text);
  const { basket } = props;
  const assigned = basket.UserID !== null || basket.Email !== null || basket.FirstName !== null;
  const searchBox = useRef<HTMLInputElement>(null);
  useShortcut('u', () => searchBox.current?.focus(), !adding);

  const choose = async (customer: Customer) => {
    if (await props.change(() => assignCustomer(customer.CustomerId))) setText('');
  };

  return (
    <section className="staff-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="staff-panel__title">
        {t('staffBasket.customer.title')}
      </h2>
      {assigned ? (
        <div className="staff-customer" data-testid="staff-basket-customer">
          <p className="staff-customer__name">{fullName(basket) || t('staffBasket.customer.noName')}</p>
          {basket.Email && <p className="staff-customer__detail">{basket.Email}</p>}
          {basket.Phone && <p className="staff-customer__detail">{basket.Phone}</p>}
          <button
            type="button"
            className="link-button"
            onClick={() => void props.change(() => removeCustomer())}
          >
            {t('staffBasket.customer.remove')}
          </button>
        </div>
      ) : (
        <p className="staff-panel__muted">{t('staffBasket.customer.none')}</p>
      )}
      {adding ? (
        <NewCustomerForm
          onCancel={() => setAdding(false)}
          onCreated={async (customerId) => {
            if (await props.change(() => assignCustomer(customerId))) setAdding(false);
          }}
        />
      ) : (
        <>
          <span className="key-label field-label">
            <label htmlFor={`${id}-search`}>
              {assigned ? t('staffBasket.customer.searchOther') : t('staffBasket.customer.search')}
            </label>
            <KeyHint keys={altKey('u')} />
          </span>
          <input
            id={`${id}-search`}
            ref={searchBox}
            aria-keyshortcuts={altKey('u')}
            onKeyDown={(event) => {
              const first = search.status === 'done' ? search.customers[0] : undefined;
              if (event.key !== 'Enter' || !first) return;
              event.preventDefault();
              void choose(first);
            }}
            type="search"
            value={text}
            autoComplete="off"
            placeholder={t('staffBasket.customer.searchHint')}
            onChange={(event) => setText(event.target.value)}
          />
          <CustomerResults search={search} onChoose={(c) => void choose(c)} />
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setAdding(true)}
          >
            {t('staffBasket.customer.new')}
          </button>
        </>
      )}
    </section>
  );
}

function CustomerResults(props: {
  search: ReturnType<typeof useCustomerSearch>;
  onChoose: (customer: Customer) => void;
}) {
  const { t } = useTranslation('admin');
  const { search } = props;
  if (search.status === 'idle') return null;
  if (search.status === 'searching')
    return (
      <p className="staff-panel__muted" role="status">
        {t('staffBasket.customer.searching')}
      </p>
    );
  if (search.status === 'error')
    return (
      <p className="field-error" role="alert">
        {failureText(t, search.error, 'error.generic')}
      </p>
    );
  if (search.customers.length === 0)
    return (
      <p className="staff-panel__muted" role="status">
        {t('staffBasket.customer.noMatch')}
      </p>
    );
  return (
    <ul className="staff-customer-results" aria-label={t('staffBasket.customer.results')}>
      {search.customers.map((c) => (
        <li key={c.CustomerId}>
          <button type="button" className="staff-customer-result" onClick={() => props.onChoose(c)}>
            <strong>{fullName(c) || t('staffBasket.customer.noName')}</strong>
            <span>{[c.Email, c.Phone].filter(Boolean).join(' · ')}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function NewCustomerForm(props: { onCancel: () => void; onCreated: (customerId: number) => Promise<void> }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [fields, setFields] = useState({ FirstName: '', LastName: '', Email: '', Phone: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof fields) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!fields.FirstName.trim() || !fields.LastName.trim()) {
      setError(t('staffBasket.customer.nameRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { CustomerId } = await createCustomer({
        FirstName: fields.FirstName.trim(),
        LastName: fields.LastName.trim(),
        ...(fields.Email.trim() ? { Email: fields.Email.trim() } : {}),
        ...(fields.Phone.trim() ? { Phone: fields.Phone.trim() } : {}),
      });
      await props.onCreated(CustomerId);
    } catch (failure) {
      setError(failureText(t, failure, 'error.generic'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof fields, type: string, autoComplete: string) => (
    <div className="staff-field">
      <label className="field-label" htmlFor={`${id}-${name}`}>
        {t(`staffBasket.customer.${name}`)}
      </label>
      <input
        id={`${id}-${name}`}
        type={type}
        value={fields[name]}
        autoComplete={autoComplete}
        onChange={set(name)}
      />
    </div>
  );

  return (
    <form
      className="staff-new-customer"
      onSubmit={(e) => void submit(e)}
      aria-label={t('staffBasket.customer.new')}
    >
      {field('FirstName', 'text', 'off')}
      {field('LastName', 'text', 'off')}
      {field('Email', 'email', 'off')}
      {field('Phone', 'tel', 'off')}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="staff-actions">
        <button type="submit" className="button button--small" disabled={busy}>
          {t('staffBasket.customer.create')}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={props.onCancel}>
          {t('staffBasket.cancel')}
        </button>
      </div>
    </form>
  );
}
