import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MessagePage } from './message-page.tsx';

/** An honest screen for a part of Foyer that later work opens; always offers a way back. */
export function ComingSoon(props: { title: string; back?: ReactNode; body?: string }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={props.title}
      body={props.body ?? t('comingSoon.body')}
      actions={
        props.back ?? (
          <Link to="/" className="button">
            {t('common.backToWhatsOn')}
          </Link>
        )
      }
    />
  );
}
