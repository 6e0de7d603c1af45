/** Atom 1.0 (RFC 4287) documents, written as text: every value escaped, nothing taken as markup. */
import { escapeXml } from '../../lib/escape.js';

interface AtomPerson {
  name: string;
  uri?: string;
}

export interface AtomEntry {
  id: string;
  title: string;
  /** The page the entry is about (rel="alternate"). */
  url: string;
  published: Date;
  updated: Date;
  author: AtomPerson;
  /** Plain text. */
  summary: string;
  categories?: string[];
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string;
  /** Where the feed itself is read (rel="self"). */
  selfUrl: string;
  /** The page of the site that the feed follows (rel="alternate"). */
  pageUrl: string;
  /** The feed's author: every entry names its own too. */
  author: AtomPerson;
  entries: AtomEntry[];
}

/** The feed's `updated` while it has no entry: a fixed time, so that an empty feed keeps one ETag. */
const EMPTY_FEED_UPDATED = new Date(0);

/**
 * Characters XML 1.0 cannot carry at all, even escaped: control characters other than tab, line feed and carriage
 * return, lone surrogates, U+FFFE and U+FFFF. They are dropped, so that no stored text can make the feed unreadable.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data or an attribute value. */
function xmlText(value: string): string {
  return escapeXml(value.replace(NOT_XML_CHAR, ''));
}

const authorXml = (p: AtomPerson, indent: string) =>
  `${indent}<author><name>${xmlText(p.name)}</name>${p.uri ? `<uri>${xmlText(p.uri)}</uri>` : ''}</author>`;

function entryXml(e: AtomEntry): string {
  return [
    '  <entry>',
    `    <id>${xmlText(e.id)}</id>`,
    `    <title type="text">${xmlText(e.title)}</title>`,
    `    <link rel="alternate" type="text/html" href="${xmlText(e.url)}"/>`,
    `    <published>${e.published.toISOString()}</published>`,
    `    <updated>${e.updated.toISOString()}</updated>`,
    authorXml(e.author, '    '),
    ...(e.categories ?? []).map((c) => `    <category term="${xmlText(c)}" label="${xmlText(c)}"/>`),
    `    <summary type="text">${xmlText(e.summary)}</summary>`,
    '  </entry>',
  ].join('\n');
}

/** The feed's time: its newest entry's `updated`, or a fixed epoch while it is empty. */
export function feedUpdated(entries: AtomEntry[]): Date {
  let newest = EMPTY_FEED_UPDATED;
  for (const e of entries) if (e.updated > newest) newest = e.updated;
  return newest;
}

/** The feed as an Atom document. */
export function atomXml(feed: AtomFeed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  <id>${xmlText(feed.id)}</id>`,
    `  <title type="text">${xmlText(feed.title)}</title>`,
    `  <subtitle type="text">${xmlText(feed.subtitle)}</subtitle>`,
    `  <updated>${feedUpdated(feed.entries).toISOString()}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(feed.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(feed.pageUrl)}"/>`,
    authorXml(feed.author, '  '),
    ...feed.entries.map(entryXml),
    '</feed>',
    '',
  ].join('\n');
}
