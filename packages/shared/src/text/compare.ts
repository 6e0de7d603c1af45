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
  removeFromComparison: (name: string) => `Remove ${name} from the comparison`,
  clear: 'Clear',
  /** The tray at the bottom of every page while it holds something. */
  tray: 'Comparison tray',
  trayCount: (n: number, max: number) => `Compare (${n}/${max})`,
  /** The comparison table: its key, its name for screen readers, a certification's best value in a row. */
  keyBefore: 'The best value of a row is marked ',
  best: 'best',
  keyAfter: '; rows where the certifications differ are highlighted. “—” means nobody has confirmed that fact yet.',
  table: 'Comparison table, scrolls sideways',
  comparedWith: ' compared with ',
  fact: 'Fact',
  bestMark: ' (best)',
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
  /** Takes a chosen certification out again. */
  remove: 'Remove',
} as const;
