import type { ReactNode } from 'react';

/**
 * The <form> of the account forms: the browser's own validation off (the fields show their
 * problems), busy while sending, and the server's refusal above the fields as an alert.
 */
export function AccountForm(props: {
  busy: boolean;
  failure: string | null;
  onSubmit: () => Promise<void>;
  /** Added to account-form (account-form--narrow). */
  className?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
}) {
  return (
    <form
      className={props.className ? `account-form ${props.className}` : 'account-form'}
      noValidate
      aria-busy={props.busy}
      aria-labelledby={props['aria-labelledby']}
      onSubmit={(event) => {
        event.preventDefault();
        void props.onSubmit();
      }}
    >
      {props.failure && (
        <p className="account-alert" role="alert">
          {props.failure}
        </p>
      )}
      {props.children}
    </form>
  );
}
