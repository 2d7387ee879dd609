/** A data view's failure: the message as an alert, with a Retry button when the view can ask again. */
export function ErrorNotice({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <p className="notice notice--error" role="alert">
      {message}
      {onRetry && (
        <>
          {' '}
          <button type="button" className="button button--secondary" onClick={onRetry}>
            Retry
          </button>
        </>
      )}
    </p>
  );
}
