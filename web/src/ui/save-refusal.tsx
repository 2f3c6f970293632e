import { useRouter } from '@tanstack/react-router';

// Why a save was refused, above the form it refused, where the focus goes: the server's words,
// and for a save made from a stale copy (someone saved since it was opened) a button that reads
// the page afresh. Used by the staff's edit screens (venues, performances and their prices).

export interface Refusal {
  readonly text: string;
  /** Someone else saved first: reloading shows their change. */
  readonly stale: boolean;
}

export function SaveRefusal(props: {
  readonly id: string;
  readonly className: string;
  readonly testId: string;
  readonly refusal: Refusal;
  readonly reloadLabel: string;
}) {
  const router = useRouter();
  return (
    <div id={props.id} className={props.className} role="alert" tabIndex={-1} data-testid={props.testId}>
      <p>{props.refusal.text}</p>
      {props.refusal.stale && (
        <button type="button" className="button button--secondary" onClick={() => void router.invalidate()}>
          {props.reloadLabel}
        </button>
      )}
    </div>
  );
}
