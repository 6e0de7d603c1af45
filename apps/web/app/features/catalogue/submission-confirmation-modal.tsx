import { MSG, REVIEW_TURNAROUND, SUBMISSION_TEXT, TEXT } from '@certitude/shared';
import { Modal } from 'react-bootstrap';
import { cycleFocus } from '../../lib/focus-cycle';

/** 'Certification Submitted!' and the resource confirmation (docs/product.md#dialogs): under review, 1-2 business days. */
export default function SubmissionConfirmationModal({
  kind,
  onClose,
}: {
  /** `edit`: a member's edit of a published certification, waiting for a moderator. */
  kind: 'certification' | 'resource' | 'edit';
  onClose: () => void;
}) {
  const title =
    kind === 'edit'
      ? TEXT.editCertification
      : kind === 'certification'
        ? TEXT.certificationSubmitted
        : TEXT.resourceSubmitted;
  return (
    <Modal show onHide={onClose} centered aria-labelledby="submission-confirmation-title" onKeyDown={cycleFocus}>
      <Modal.Header closeButton>
        <Modal.Title id="submission-confirmation-title">{title}</Modal.Title>
      </Modal.Header>
      {kind === 'edit' ? (
        <Modal.Body>
          <p className="mb-0" role="status">
            {MSG.editAwaitingReview}
          </p>
        </Modal.Body>
      ) : (
        <Modal.Body className="text-center">
          <div className="display-6 text-success mb-2" aria-hidden="true">
            ✓
          </div>
          {kind === 'resource' && <p className="fw-semibold">{TEXT.thankYouForSubmission}</p>}
          <p>{SUBMISSION_TEXT.underReview(kind, REVIEW_TURNAROUND)}</p>
          <p className="mb-0 text-body-secondary">
            {kind === 'certification' ? SUBMISSION_TEXT.appearsInList : SUBMISSION_TEXT.appearsOnPage}
          </p>
        </Modal.Body>
      )}
      <Modal.Footer>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {TEXT.gotIt}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
