/**
 * The words of a certification's facts (docs/product.md#certification-facts): the Exam facts card, the banner of a
 * retiring certification, the learning resources' marks and the sources of the facts, on the certification and
 * comparison pages. Not imported by the home page's list, whose first render carries no text it does not show.
 */
export const FACTS_TEXT = {
  title: 'Exam facts',
  none: 'None',
  checkedOn: (day: string) => `Checked on ${day} against `,
  officialPage: 'the official page',
  notChecked: 'These facts have not been checked against the official page yet. ',
  retired: 'Retired.',
  retiring: 'Retiring.',
  retiredOn: (when: string | null) => `This certification was retired${when ? ` on ${when}` : ''}.`,
  retiringOn: (when: string | null) => `This certification is retiring${when ? ` on ${when}` : ''}.`,
  successor: ' Its successor is ',
  /** A fact's mark, the list of sources under the facts and a comparison's link to a source. */
  sourceNumber: (n: number) => `Source ${n}`,
  thirdPartyMark: ' (third party)',
  oldMark: ' · may be out of date',
  vendorPage: ', the vendor’s page',
  thirdPartyPage: ', a third party (the vendor publishes nothing readable)',
  readOn: (day: string) => `, read ${day}`,
  oldSource: ': may be out of date',
  sourceTitle: (vendor: boolean, day: string) =>
    `${vendor ? 'The vendor’s page' : 'A third party’s page'}, read ${day}`,
  vendor: 'vendor',
  thirdParty: 'third party',
  oldLink: ' may be out of date',
  /** A learning resource's price and the list's name. */
  paid: 'Paid',
  free: 'Free',
  resources: 'Learning resources',
} as const;
