/** What a form's last submission came to: saved (a status) or refused (an alert), in the member's words. */
export interface Outcome {
  ok: boolean;
  text: string;
}

/** The outcome of a form's submission, shown above or below its fields until the member edits them. */
export function FormOutcome({ outcome, className = '' }: { outcome: Outcome; className?: string }) {
  return (
    <div
      className={['alert', className, outcome.ok ? 'alert-success' : 'alert-danger'].filter(Boolean).join(' ')}
      role={outcome.ok ? 'status' : 'alert'}
    >
      {outcome.text}
    </div>
  );
}
