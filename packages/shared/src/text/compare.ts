/** The comparison page and the way to it (docs/product.md#comparison). */
export const COMPARE_TEXT = {
  title: 'Compare certifications',
  /** The home page's entry to the comparison. */
  entry: 'Compare',
  /** Under the Community score row: what the percentage is. */
  scoreHint:
    'How surely members vote it up: the share of up votes that its votes show with 95% confidence, so few votes keep it low.',
  howTo:
    'Choose two to four certifications to see them side by side: search for them here, or press Compare on their cards and pages.',
  picked: 'Picked to compare',
  nonePicked: 'Nothing picked yet.',
  pickOneMore: 'Pick one more to compare',
  compareNow: 'Compare now',
  full: 'A comparison holds at most 4 certifications: remove one first.',
  /** The tray at the bottom of every page while it holds something. */
  tray: 'Comparison tray',
  trayCount: (n: number, max: number) => `Compare (${n}/${max})`,
  remove: (name: string) => `Remove ${name} from the comparison`,
  clear: 'Clear',
} as const;

/** Choosing a certification by searching the catalogue (Suggest an edit's prerequisites and successor, Compare). */
export const CHOOSER_TEXT = {
  placeholder: 'Type a name, vendor or exam code',
  loading: 'Loading the certifications...',
  noMatch: 'No certification matches',
  failed: 'Could not load the certifications. Please try again.',
  addPrerequisite: 'Add a prerequisite',
  noPrerequisites: 'No prerequisites.',
  successor: 'Successor',
  successorNow: 'Successor:',
  otherSuccessor: 'Choose another successor',
  addToComparison: 'Add a certification to compare',
} as const;
