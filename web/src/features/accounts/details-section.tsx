import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountDetails } from '../../../../adapters/http/contract/account.ts';
import { countryName } from './country-names.ts';
import { readOnlyTags } from './details-form.ts';
import { EditDetailsModal } from './edit-details-modal.tsx';
import { OptInsPanel } from './opt-ins-panel.tsx';

/** The account's details with an Edit button, its memberships and its marketing lists. */
export function DetailsSection(props: {
  details: AccountDetails;
  onSaved: (details: AccountDetails) => void;
  onUpdate: (change: (details: AccountDetails) => AccountDetails) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const { details } = props;
  const address = [
    details.BillToAddress1,
    details.BillToAddress2,
    [details.BillToCity, details.BillToState, details.BillToPostalCode].filter(Boolean).join(', '),
    details.BillToCountryCode ? countryName(details.BillToCountryCode, i18n.language) : null,
  ].filter((line): line is string => Boolean(line));
  const tags = readOnlyTags(details);
  const none = <span className="account-facts__none">{t('account.details.notGiven')}</span>;

  return (
    <section id="details" className="account-section" aria-labelledby={`${id}-title`}>
      <div className="account-section__head">
        <h2 id={`${id}-title`}>{t('account.details.heading')}</h2>
        <button
          ref={editButton}
          type="button"
          className="button button--secondary button--small"
          onClick={() => {
            setSaved(false);
            setEditing(true);
          }}
        >
          {t('account.details.edit')}
        </button>
      </div>
      <p className="account-section__status" role="status">
        {saved ? t('account.details.saved') : ''}
      </p>
      <dl className="account-facts">
        <div>
          <dt>{t('account.details.name')}</dt>
          <dd>
            {details.FirstName} {details.LastName}
          </dd>
        </div>
        <div>
          <dt>{t('account.field.Email')}</dt>
          <dd>{details.Email}</dd>
        </div>
        <div>
          <dt>{t('account.field.Phone')}</dt>
          <dd>{details.Phone || none}</dd>
        </div>
        <div>
          <dt>{t('account.details.address')}</dt>
          <dd>
            {address.length > 0
              ? address.map((line, i) => (
                  <span key={i} className="account-facts__line">
                    {line}
                  </span>
                ))
              : none}
          </dd>
        </div>
        <div>
          <dt>{t('account.field.CustomerRewardsNumber')}</dt>
          <dd>{details.CustomerRewardsNumber || none}</dd>
        </div>
      </dl>

      {tags.length > 0 && (
        <div className="account-subsection">
          <h3>{t('account.tags.heading')}</h3>
          <ul className="account-tags">
            {tags.map((tag) => (
              <li key={tag.ID} className="account-tag">
                {tag.customerTagType.Name}
              </li>
            ))}
          </ul>
        </div>
      )}

      <OptInsPanel details={details} onUpdate={props.onUpdate} />

      {editing && (
        <EditDetailsModal
          details={details}
          onSaved={(next) => {
            setEditing(false);
            setSaved(true);
            props.onSaved(next);
            editButton.current?.focus();
          }}
          onClose={() => {
            setEditing(false);
            editButton.current?.focus();
          }}
        />
      )}
    </section>
  );
}
