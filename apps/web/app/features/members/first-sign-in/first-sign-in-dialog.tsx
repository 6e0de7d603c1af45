import { FIRST_SIGN_IN_TEXT } from '@certitude/shared';
import { useState } from 'react';
import { Modal } from 'react-bootstrap';
import { recordFirstSignIn, type HeldPick } from './first-sign-in-api';
import { HeldPicker } from './held-picker';
import { RateHeld } from './rate-held';

export interface FirstSignInDialogProps {
  /** The dialog has gone: answered, skipped or closed. */
  onClosed(): void;
}

/**
 * The first sign-in's questions, one dialog at a time (docs/product.md#first-sign-in): "Which certifications do you
 * hold?", then "Rate what you hold", one certification after another. Skipping the first, or closing it, records
 * SKIPPED; saving it records DONE, so that neither is asked again on any device.
 */
export default function FirstSignInDialog({ onClosed }: FirstSignInDialogProps) {
  const [show, setShow] = useState(true);
  const [held, setHeld] = useState<HeldPick[] | null>(null);

  const close = () => {
    // Closing before saving anything skips the questions; after saving, DONE is already recorded.
    if (held === null) void recordFirstSignIn('SKIPPED').catch(() => undefined);
    setShow(false);
  };
  const saved = async (picks: HeldPick[]) => {
    await recordFirstSignIn('DONE').catch(() => undefined);
    if (picks.length === 0) setShow(false);
    else setHeld(picks);
  };

  const title = held === null ? FIRST_SIGN_IN_TEXT.holdTitle : FIRST_SIGN_IN_TEXT.rateTitle;
  return (
    <Modal show={show} onHide={close} onExited={onClosed} size="lg" aria-labelledby="first-sign-in-title">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id="first-sign-in-title">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {held === null ? (
          <HeldPicker onSaved={saved} onSkip={close} />
        ) : (
          <RateHeld key="rate" held={held} onFinished={() => setShow(false)} />
        )}
      </Modal.Body>
    </Modal>
  );
}
