import { REVIEW_TURNAROUND } from '../limits.js';
import { ERROR_PAGE_TEXT, LISTING_TEXT } from '../page-text.js';

/** Texts of the screens (docs/product.md#screens) that several places show. */
export const TEXT = {
  ...LISTING_TEXT,
  ...ERROR_PAGE_TEXT,
  loadingResources: 'Loading resources...',
  noResourcesAvailable: 'No Resources Available',
  noResourcesText: 'No learning resources have been submitted for this certification yet.',
  backToCertifications: 'Back to Certifications',
  reviewTurnaround: REVIEW_TURNAROUND,
  legalLastUpdated: 'January 1, 2024',
  submitting: 'Submitting...',
  submitNewCertification: 'Submit New Certification',
  certificationSubmitted: 'Certification Submitted!',
  editCertification: 'Edit Certification',
  updateCertification: 'Update Certification',
  updating: 'Updating...',
  gotIt: 'Got it!',
  cancel: 'Cancel',
  submitResource: 'Submit Resource',
  submitResourceTitle: 'Submit Learning Resource',
  resourceSubmitted: 'Resource Submitted!',
  thankYouForSubmission: 'Thank you for your submission',
  learningResources: 'Learning Resources',
  back: 'Back',
  pendingReview: 'Pending review',
  /** The badge of an item members' flags hid, where its author sees it (docs/product.md#flags). */
  hiddenPendingReview: 'Hidden pending review',
  /** The close button of a dialog or a message. */
  close: 'Close',
} as const;
