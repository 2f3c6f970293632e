/** An account form's submit button: disabled, and saying so, while the form is sent. */
export function SubmitButton(props: { busy: boolean; label: string; busyLabel: string; className?: string }) {
  return (
    <button type="submit" className={props.className ?? 'button account-form__submit'} disabled={props.busy}>
      {props.busy ? props.busyLabel : props.label}
    </button>
  );
}
