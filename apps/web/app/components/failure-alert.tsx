/** The message of a refused action, announced as an alert; nothing while there is none. */
export function FailureAlert({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {text}
    </div>
  );
}
