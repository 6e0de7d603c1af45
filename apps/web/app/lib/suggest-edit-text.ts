/**
 * The words of Suggest an edit and of a revision's changes (docs/product.md#certification-facts); the history page's
 * own and those other features share are HISTORY_TEXT of the shared texts.
 */

/** A certification's fields as the changes and the form name them. */
export const FIELD_LABELS = {
  name: 'Name',
  certCode: 'Exam code',
  vendor: 'Vendor',
  description: 'Description',
  url: 'Official page',
  level: 'Level',
  domains: 'Domains',
  exam: 'Exam',
  validityMonths: 'Validity (months)',
  renewal: 'Renewal',
  prerequisites: 'Prerequisites',
  prerequisiteNotes: 'Prerequisite notes',
  lifecycle: 'Lifecycle',
  retiresOn: 'Retires on',
  supersededBy: 'Successor',
  previousCodes: 'Previous exam codes',
  factsVerifiedAt: 'Checked on',
  factsSource: 'Source',
} as const;

export const SUGGEST_EDIT_TEXT = {
  /** A change's value that is empty. */
  none: '(none)',
  intro:
    'Change what is wrong or missing; leave a fact empty rather than guess. A moderator reviews your suggestion before everyone sees it.',
  summary: 'Summary of your change',
  summaryHint: 'What you changed and where you read it',
  send: 'Send my suggestion',
  levelNotKnown: 'Not known',
  cost: 'Cost (US$)',
  length: 'Length (minutes)',
  questions: 'Questions',
  passingScore: 'Passing score',
  passingScoreHint: 'As the vendor writes it',
  formats: 'Formats',
  delivery: 'Delivery',
  validFor: 'Valid for (months)',
  previousCodesHint: 'Separated by commas',
  factsSource: 'Official source of the facts',
  chosenPrerequisites: 'Chosen prerequisites',
  prerequisiteKind: (name: string) => `${name}: required or recommended`,
  removePrerequisite: (name: string) => `Remove ${name} from the prerequisites`,
  removeSuccessor: (name: string) => `Remove ${name} as the successor`,
} as const;
