import { describe, expect, it } from 'vitest';
import { commonNextWidth, OTHER_VENDORS, vendorColours, wrapName } from './path-layout';

describe('the drawing’s helpers', () => {
  it('wraps a name at spaces into at most two lines, ending a longer one with an ellipsis', () => {
    expect(wrapName('AWS Certified Cloud Practitioner')).toEqual(['AWS Certified Cloud', 'Practitioner']);
    expect(wrapName('Short')).toEqual(['Short']);
    expect(wrapName('Certified Cloud Native Platform Engineering Associate (CNPA)')).toEqual([
      'Certified Cloud Native',
      'Platform Engineering…',
    ]);
    expect(wrapName('Cisco Certified Network Associate (CCNA)')).toEqual([
      'Cisco Certified Network',
      'Associate (CCNA)',
    ]);
    const long = wrapName('Microsoft Certified: Azure Solutions Architect Expert with a much longer name than fits');
    expect(long).toHaveLength(2);
    expect(long[1]!.endsWith('…')).toBe(true);
    for (const line of long) expect(line.length).toBeLessThanOrEqual(28);
    // A word longer than a line is cut.
    expect(wrapName('x'.repeat(40))).toEqual(['x'.repeat(28), 'x'.repeat(12)]);
  });

  it('draws a common next step thicker with more members, within bounds', () => {
    expect(commonNextWidth(3)).toBe(1.5);
    expect(commonNextWidth(12)).toBeGreaterThan(commonNextWidth(6));
    expect(commonNextWidth(100_000)).toBe(7);
  });

  it('gives the vendors with most certifications on a map a colour each, and the others one shared colour', () => {
    const vendors = [
      ...Array.from({ length: 12 }, (_, i) =>
        Array.from({ length: 12 - i }, () => `Vendor ${String(i).padStart(2, '0')}`),
      ),
    ].flat();
    const colours = vendorColours(vendors);
    expect(colours.get('Vendor 00')).toBe(0);
    expect(colours.get('Vendor 08')).toBe(8);
    expect(colours.get('Vendor 09')).toBe(OTHER_VENDORS);
    expect(colours.get('Vendor 11')).toBe(OTHER_VENDORS);
    // Ties by name.
    expect([...vendorColours(['b', 'a', 'b', 'a', 'c'])]).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
  });
});
