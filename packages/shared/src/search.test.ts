import { describe, expect, it } from 'vitest';
import { matchesSearch, oneTypoApart, rankSearch, type Searchable } from './search.js';
import { suggestSearch } from './search-suggest.js';

const cert = (name: string, certCode: string | null, vendor: string, extra: Partial<Searchable> = {}) => ({
  name,
  certCode,
  vendor,
  description: 'A certification.',
  ...extra,
});
const secPlus = cert('CompTIA Security+', 'SY0-701', 'CompTIA', { previousCodes: ['SY0-601'], domains: ['security'] });
const az104 = cert('Microsoft Certified: Azure Administrator Associate', 'AZ-104', 'Microsoft');
const awsSec = cert('AWS Certified Security - Specialty', 'SCS-C02', 'AWS');
const ccna = cert('Cisco Certified Network Associate (CCNA)', '200-301', 'Cisco');
const ccnaSecurity = { ...cert('CCNA Security', '210-260', 'Cisco'), lifecycle: 'RETIRED' };
const all = [secPlus, az104, awsSec, ccna, ccnaSecurity];

describe('the one search', () => {
  it('keeps the original rule: any substring of the name, vendor, code or description', () => {
    expect(matchesSearch(secPlus, 'ptia sec')).toBe(true);
    expect(matchesSearch(secPlus, 'a certif')).toBe(true);
    expect(matchesSearch(secPlus, 'zzz')).toBe(false);
  });

  it('reads words in any order, codes without hyphens, + as plus, vendors by their common names', () => {
    expect(matchesSearch(awsSec, 'aws security')).toBe(true);
    expect(matchesSearch(awsSec, 'security aws')).toBe(true);
    expect(matchesSearch(az104, 'az104')).toBe(true);
    expect(matchesSearch(az104, 'az 104')).toBe(true);
    expect(matchesSearch(secPlus, 'security plus')).toBe(true);
    expect(matchesSearch(secPlus, 'sec+')).toBe(true);
    expect(matchesSearch(secPlus, 'sy0601')).toBe(true);
    expect(matchesSearch(az104, 'azure admin')).toBe(true);
    expect(matchesSearch(az104, 'msft administrator')).toBe(true);
    expect(matchesSearch(az104, 'gcp administrator')).toBe(false);
  });

  it('forgives one typo in a word of 5 letters or more, not in a shorter one', () => {
    expect(matchesSearch(az104, 'administartor')).toBe(true);
    expect(matchesSearch(az104, 'adminstrator')).toBe(true);
    expect(matchesSearch(ccna, 'ccnb')).toBe(false);
    expect(oneTypoApart('kubernetes', 'kubernets')).toBe(true);
    expect(oneTypoApart('kubernetes', 'kubrenetes')).toBe(true);
    expect(oneTypoApart('kubernetes', 'kuberntse')).toBe(false);
  });

  it('ranks an exact code or short name first, and active before retired', () => {
    expect(rankSearch(all, 'ccna').map((c) => c.name)).toEqual([
      'Cisco Certified Network Associate (CCNA)',
      'CCNA Security',
    ]);
    expect(rankSearch(all, 'sy0-701')[0]).toBe(secPlus);
    expect(rankSearch(all, 'security')[0]).not.toBe(ccnaSecurity);
  });

  it('among equals, ranks first the one whose name or alias the search covers most, typos included', () => {
    const secAi = cert('CompTIA SecAI+', 'CY0-001', 'CompTIA', { aliases: ['SecAI+', 'Security AI+'] });
    const sec = { ...secPlus, aliases: ['Sec+', 'Security Plus'] };
    expect(rankSearch([secAi, sec], 'secuirty+')).toEqual([sec, secAi]);
    expect(rankSearch([sec, secAi], 'secuirty+')).toEqual([sec, secAi]);
    expect(rankSearch([secAi, sec], 'security ai')[0]).toBe(secAi);
  });

  it('finds a word at the start of a word of the description, not inside one', () => {
    const described = cert('Cloud Essentials', null, 'Vendor', { description: 'Covers networks and storage.' });
    expect(rankSearch([described], 'netw')).toEqual([described]);
    expect(rankSearch([described], 'etworks storage')).toEqual([]);
  });

  it('suggests the nearest words when nothing matches, and nothing when nothing is near', () => {
    expect(suggestSearch('secruity plsu', all)).toBe('security plus');
    expect(suggestSearch('qqqqqq', all)).toBeNull();
    expect(suggestSearch('security', all)).toBeNull();
  });
});
