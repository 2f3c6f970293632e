/**
 * Shown when the string tables could not be loaded: without them there is nothing to say in
 * the reader's language, so this one message is in English.
 */
export function StartupFailure() {
  return (
    <main className="startup-failure">
      <h1>Foyer could not start</h1>
      <p>We could not reach the server. Check your connection and try again.</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>
  );
}
