import { members } from './count.js';
import { FOOTER_TEXT } from '../footer-text.js';

/** The certification paths: /paths and a domain's map /paths/{domain} (docs/product.md#paths). */
export const PATHS_TEXT = {
  title: FOOTER_TEXT.paths,
  intro:
    'Pick a domain to see its certifications from foundational to expert, which ones build on which, and what members take next.',
  description:
    'Certification paths by domain: every certification from foundational to expert, the prerequisites between them and the steps members take next.',
  empty: 'There are no paths yet.',
  certifications: (n: number) => (n === 1 ? '1 certification' : `${n} certifications`),
  allPaths: 'All paths',
  mapTitle: (name: string) => `${name} certification path`,
  mapIntro:
    'Certifications by level, from foundational to expert, with the prerequisites between them and the steps members take next. Each certification links to its page.',
  mapDescription: (name: string, n: number) =>
    `The ${name} certification path: ${n === 1 ? '1 certification' : `${n} certifications`} by level, from foundational to expert, with their prerequisites and what members take next.`,
  mapEmpty: 'No certification belongs to this domain yet.',
  mapUnavailable: 'The map could not be drawn just now; the list below holds the same paths.',
  mapLabel: (name: string) => `Map of the ${name} path; the list below holds the same content`,
  mapHint: 'Drag to move; Ctrl + scroll, pinch or the buttons zoom. Keyboard: arrow keys move, + and - zoom, 0 resets.',
  mapControls: 'Map controls',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  resetView: 'Reset view',
  levelNotSet: 'Level not set',
  listTitle: 'Certifications by level',
  buildsOn: 'Builds on',
  leadsTo: 'Leads to',
  required: 'required',
  recommended: 'recommended',
  /** A COMMON_NEXT edge seen from its later certification: members took the earlier one before it. */
  takenBefore: (n: number) => `${members(n)} took it before`,
  /** A COMMON_NEXT edge seen from its earlier certification. */
  takenNext: (n: number) => `${members(n)} took it next`,
  youHoldThis: 'You hold this',
  legendTitle: 'Legend',
  legendRequired: 'Required first',
  legendRecommended: 'Recommended first',
  legendCommonNext: 'Members’ common next step (thicker: more members)',
  legendHeld: 'You hold this',
  legendVendors: 'Vendors',
  legendOtherVendors: 'Other vendors',
  overviewTitle: 'At a glance',
  overviewIntro: (name: string) =>
    `Every ${name} certification on one screen, by level and by the other domain it belongs to, coloured by vendor.`,
  /** The overview's column of the certifications that belong to this domain alone. */
  overviewOnly: (name: string) => `${name} only`,
  /** The overview's column of the certifications shared with another domain. */
  overviewWith: (name: string) => `With ${name}`,
  /** The overview's column of the certifications shared with domains that hold few of them. */
  overviewOthers: 'With other domains',
  overviewLevels: 'Level',
  overviewCell: (area: string, level: string) => `${area}, ${level}`,
} as const;

/** The paths on a certification page (docs/product.md#certification-page): what to take next and what it builds on. */
export const NEXT_STEPS_TEXT = {
  title: 'What to take next',
  buildsOn: 'Builds on',
  successor: 'Replaces this certification',
  prerequisiteOf: 'Builds on this certification',
  commonNext: (n: number) => `${members(n)} took it next`,
  required: 'Required',
  recommended: 'Recommended',
  seePath: (domainName: string) => `See the ${domainName} path`,
} as const;
