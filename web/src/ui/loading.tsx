/** A polite loading message with a spinner; the text is what screen readers hear. */
export function Loading(props: { label: string }) {
  return (
    <div className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span>{props.label}</span>
    </div>
  );
}
