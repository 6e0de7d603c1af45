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
  /** While a form that loads when it is opened (a rating, Suggest an edit) arrives. */
  loadingForm: 'Loading the form...',
  submitNewCertification: 'Submit New Certification',
  certificationSubmitted: 'Certification Submitted!',
  editCertification: 'Edit Certification',
  updateCertification: 'Update Certification',
  updating: 'Updating...',
  gotIt: 'Got it!',
  cancel: 'Cancel',
  /** The placeholder of a field that takes a web address. */
  urlPlaceholder: 'https://',
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

/**
 * The fields of the forms that submit a certification or a learning resource, and the confirmation after them
 * (docs/product.md#dialogs); their titles and buttons are TEXT's.
 */
export const SUBMISSION_TEXT = {
  certificationName: 'Certification Name',
  certificationNamePlaceholder: 'e.g. AWS Certified Solutions Architect - Associate',
  certificationCode: 'Certification Code',
  certificationCodePlaceholder: 'e.g. SAA-C03',
  vendor: 'Vendor',
  vendorPlaceholder: 'e.g. AWS',
  description: 'Description',
  certificationDescriptionPlaceholder: 'What the certification covers (Markdown allowed)',
  officialUrl: 'Official URL',
  forCertification: (name: string) => `For ${name}`,
  resourceName: 'Resource Name',
  resourceType: 'Type',
  url: 'URL',
  paidResource: 'This is a paid resource',
  underReview: (kind: string, turnaround: string) =>
    `Your ${kind} has been submitted and is under review by our moderators. Review usually takes ${turnaround}.`,
  appearsInList: 'It will appear in the list once approved.',
  appearsOnPage: 'It will appear on the certification page once approved.',
} as const;
