import {
  MARKETING_CERTIFICATIONS,
  MARKETING_VENDORS,
  PRODUCT_NAME,
  SITE_TEXT,
  STORAGE_KEYS,
  TEXT,
} from '@certitude/shared';
import { useEffect, useRef, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useAuthModal } from '../../lib/auth-modal-context';
import { cycleFocus } from '../../lib/focus-cycle';
import { setFlag } from './site-storage';

/** What the visitor chose on leaving: a sign-in dialog to open, or nothing. */
export type WelcomeAction = 'register' | 'login' | null;

interface Props {
  show: boolean;
  onClose(action: WelcomeAction): void;
  onExited(): void;
}

const STEPS = [
  {
    title: `Welcome to ${PRODUCT_NAME}!`,
    intro: `${PRODUCT_NAME} is the community guide to IT certifications: find out which ones are worth your time, rated by the professionals who hold them.`,
    points: [
      `Browse ${MARKETING_CERTIFICATIONS} certifications from ${MARKETING_VENDORS} technology vendors`,
      'See how the community rates career impact, difficulty and industry recognition',
      'Find the courses, books and practice material that helped others pass',
    ],
  },
  {
    title: 'Join the community',
    intro: 'Browsing is open to everyone. A free account lets you take part:',
    points: [
      'Vote on certifications and learning resources',
      'Comment, ask questions and answer those who come after you',
      'Submit certifications and resources for the catalogue',
    ],
  },
] as const;

/**
 * The popup once it appears (its code loads only then): closing it remembers that it was shown, and the
 * sign-in dialog the visitor chose opens once this one has gone, so that the two never fight over focus.
 */
export default function WelcomePopupShown() {
  const auth = useAuthModal();
  const [show, setShow] = useState(true);
  const pending = useRef<WelcomeAction>(null);
  const close = (action: WelcomeAction) => {
    setFlag(STORAGE_KEYS.welcomeShown);
    pending.current = action;
    setShow(false);
  };
  const exited = () => {
    if (pending.current) auth.open(pending.current);
    pending.current = null;
  };
  return <WelcomeDialog show={show} onClose={close} onExited={exited} />;
}

/** The two-step dialog itself. */
function WelcomeDialog({ show, onClose, onExited }: Props) {
  const [step, setStep] = useState(0);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);
  const current = STEPS[step]!;

  // Next and Previous replace the button that had focus: focus moves to the new step's title, which is read out.
  useEffect(() => {
    if (stepChanged.current) titleRef.current?.focus();
  }, [step]);
  const go = (to: number) => {
    stepChanged.current = true;
    setStep(to);
  };

  return (
    <Modal
      show={show}
      onHide={() => onClose(null)}
      onExited={onExited}
      centered
      aria-labelledby="welcome-popup-title"
      aria-describedby="welcome-popup-intro"
      onKeyDown={cycleFocus}
    >
      <Modal.Header closeButton closeLabel={TEXT.close}>
        <Modal.Title as="h2" id="welcome-popup-title" className="h4" tabIndex={-1} ref={titleRef}>
          {current.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary mb-2">{SITE_TEXT.welcomeStep(step + 1, STEPS.length)}</p>
        <p id="welcome-popup-intro">{current.intro}</p>
        <ul className="mb-0">
          {current.points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        {step === 0 ? (
          <>
            <Button variant="link" className="px-0" onClick={() => onClose(null)}>
              {SITE_TEXT.welcomeSkip}
            </Button>
            <Button variant="primary" onClick={() => go(1)}>
              {SITE_TEXT.welcomeNext}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline-secondary" onClick={() => go(0)}>
              {SITE_TEXT.welcomePrevious}
            </Button>
            <span className="d-flex flex-wrap gap-2">
              <Button variant="outline-primary" onClick={() => onClose('login')}>
                {SITE_TEXT.welcomeSignIn}
              </Button>
              <Button variant="primary" onClick={() => onClose('register')}>
                {SITE_TEXT.welcomeCreateAccount}
              </Button>
            </span>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}
