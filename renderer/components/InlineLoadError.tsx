/** A list that failed to load, in place of the list: what went wrong and Try again (which loads it again). */
export function InlineLoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="inline-error">
      <p>{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
