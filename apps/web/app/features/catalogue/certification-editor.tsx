import type { Certification } from '@certitude/shared';
import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ListedCertification } from './listed-certification';

// The dialogs and the schema library they validate with load on first use, not with the page.
const CertificationFormModal = lazy(() => import('./certification-form-modal'));
const SubmissionConfirmationModal = lazy(() => import('./submission-confirmation-modal'));

interface Editor {
  /** Opens Submit New Certification. */
  submit(): void;
  /** Opens Edit certification for one. */
  edit(cert: ListedCertification): void;
}

const noop: Editor = { submit: () => undefined, edit: () => undefined };
const Ctx = createContext<Editor>(noop);

export function useCertificationEditor(): Editor {
  return useContext(Ctx);
}

type Open =
  | { mode: 'create' }
  | { mode: 'edit'; cert: ListedCertification }
  | { mode: 'submitted' }
  | { mode: 'edit-sent' }
  | null;

/**
 * Holds the certification dialogs of a page: Submit New Certification, its 'Certification Submitted!'
 * confirmation, and Edit. `onChanged` runs after a save that changes what the page shows.
 */
export function CertificationEditorProvider({
  children,
  onChanged,
}: {
  children: ReactNode;
  onChanged: (cert: Certification) => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const editor = useMemo<Editor>(
    () => ({ submit: () => setOpen({ mode: 'create' }), edit: (cert) => setOpen({ mode: 'edit', cert }) }),
    [],
  );
  const close = () => setOpen(null);
  return (
    <Ctx.Provider value={editor}>
      {children}
      <Suspense fallback={null}>
        {open?.mode === 'create' && (
          <CertificationFormModal
            mode="create"
            onClose={close}
            onSaved={(cert) => {
              setOpen({ mode: 'submitted' });
              // A moderator's submission is public at once.
              if (cert.status === 'APPROVED') onChanged(cert);
            }}
          />
        )}
        {open?.mode === 'edit' && (
          <CertificationFormModal
            mode="edit"
            cert={open.cert}
            onClose={close}
            onSaved={(cert) => {
              // A member's edit of a published certification waits for a moderator: say so.
              if (cert.pendingEdit) setOpen({ mode: 'edit-sent' });
              else close();
              onChanged(cert);
            }}
          />
        )}
        {open?.mode === 'submitted' && <SubmissionConfirmationModal kind="certification" onClose={close} />}
        {open?.mode === 'edit-sent' && <SubmissionConfirmationModal kind="edit" onClose={close} />}
      </Suspense>
    </Ctx.Provider>
  );
}
