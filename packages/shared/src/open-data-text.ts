import { formatDay } from './dates.js';

/** The texts of the open data (docs/api.md#open-data): the /data page, and the API's answer for a missing file. */
export const OPEN_DATA_TEXT = {
  fileNotFound: 'There is no such file of the open data: /data/index.json lists the current ones',
  title: 'Open data',
  description:
    'The Certitude catalogue and its community ratings as daily files under CC BY-SA 4.0: download them, build on them, cite them.',
  intro:
    'Every day the server writes the whole approved catalogue to two files that anyone may download and reuse: the ' +
    'facts of each certification, its lifecycle, the community’s vote counts and rating summary. No member’s ' +
    'personal data is in them: no usernames, no email addresses, no single member’s vote or rating.',
  filesTitle: 'The files',
  indexName: 'index.json',
  /** A file of the list, before what it holds: '(1.2 MB, 243 certifications): '. */
  fileSummary: (size: string, records: number) => `(${size}, ${records} certifications): `,
  checksum: (sha256: string) => `SHA-256 ${sha256}`,
  indexFile: 'lists the newest files with their size, SHA-256 checksum and number of records; check it for the URLs.',
  jsonFile:
    'one JSON object a line, gzip compressed: each certification as GET /api/certification presents it, without the submitter.',
  csvFile: 'a header and one row per certification with its main facts (RFC 4180 quoting; lists joined by “; ”).',
  keep: 'Each day’s files stay at the same address, unchanged, for seven days.',
  licenceTitle: 'Licence',
  licence:
    'The data is published under the Creative Commons Attribution-ShareAlike 4.0 International licence (CC BY-SA 4.0): ' +
    'you may copy, change and share it, also commercially, if you credit Certitude and share what you make from it ' +
    'under the same licence.',
  licenceLink: 'Read the licence',
  citeTitle: 'How to cite',
  cite: (origin: string, day: string) =>
    `Certitude community (${day.slice(0, 4)}). Certitude certification catalogue, dump of ${formatDay(day)}. ${origin}/data. CC BY-SA 4.0.`,
  apiTitle: 'The API',
  api: 'Public reads of the API answer any origin, with ETags for cheap revalidation and rate-limit headers.',
  apiLink: 'API reference',
} as const;
