import type { ReactNode } from 'react';
import { usePageTitle } from '../../ui/use-page-title.ts';
import './accounts.css';

/** The frame of the sign-in, registration and password pages: a titled card in the middle. */
export function SignInPage(props: { title: string; intro?: ReactNode; children: ReactNode }) {
  usePageTitle(props.title);
  return (
    <section className="account-card" aria-labelledby="account-card-title">
      <h1 id="account-card-title">{props.title}</h1>
      {props.intro && <p className="account-card__intro">{props.intro}</p>}
      {props.children}
    </section>
  );
}
