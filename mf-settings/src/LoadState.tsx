/** What a section says while its data loads (a status) or when it could not be loaded (an alert). */
export function LoadState({
  loading,
  failed,
  loadingText,
  failedText,
}: {
  loading: boolean;
  failed: boolean;
  loadingText: string;
  failedText: string;
}) {
  return (
    <>
      {loading ? (
        <p className="settings-muted" role="status">
          {loadingText}
        </p>
      ) : null}
      {failed ? (
        <p className="settings-error" role="alert">
          {failedText}
        </p>
      ) : null}
    </>
  );
}
