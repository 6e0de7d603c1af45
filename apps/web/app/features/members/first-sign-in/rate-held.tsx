import { FIRST_SIGN_IN_TEXT } from '@certitude/shared';
import { useState } from 'react';
import RatingForm from '../../../components/rating-form';
import type { HeldPick } from './first-sign-in-api';

/** "Rate what you hold": the rating form of each certification saved, one after another; each can be skipped. */
export function RateHeld({ held, onFinished }: { held: HeldPick[]; onFinished(): void }) {
  const [index, setIndex] = useState(0);
  const current = held[index];
  if (!current) return null;
  const next = () => (index + 1 < held.length ? setIndex(index + 1) : onFinished());
  return (
    <div>
      <p className="text-body-secondary small">{FIRST_SIGN_IN_TEXT.rateIntro}</p>
      <h3 className="h6" aria-live="polite">
        {FIRST_SIGN_IN_TEXT.rateProgress(index + 1, held.length, current.name)}
      </h3>
      <RatingForm
        key={current.id}
        certificationId={current.id}
        onDone={next}
        cancelLabel={FIRST_SIGN_IN_TEXT.skipThisOne}
      />
    </div>
  );
}
