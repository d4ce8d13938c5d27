// An account list's announcements: the live status of its last change ("Address saved.") and
// the failure of the last one, read out as they change.
export function ListStatus({ status, error }: { status: string; error: string }) {
  return (
    <>
      <p className="sf-account-lists__status" role="status">
        {status}
      </p>
      {error && (
        <p className="sf-form-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
