import { describe, it } from 'node:test';
import { expect } from 'expect';
import { SIC_CODES } from '@credence/shared';
import { SECTORS } from './sectors.js';
import { SIC_ACTIVITIES, sicActivity } from './sic-activities.js';

describe('sample business descriptions by SIC code', () => {
  it('describes every main SIC code a trading sample sector draws', () => {
    const codes = SECTORS.filter((sector) => sector.id !== 'dormant').flatMap((sector) => sector.sic.items);
    for (const code of codes) expect({ code, activity: sicActivity(code, 0) }).toEqual({ code, activity: expect.any(String) });
  });

  it('says in words of their own what the common codes mean, and any other code in its SIC description', () => {
    expect(sicActivity('41202', 0)).toBe('builds new homes and residential developments');
    expect(sicActivity('26110', 0)).toBe('is engaged in the manufacture of electronic components');
    expect(sicActivity('62030', 0)).toBe('is engaged in computer facilities management activities');
    expect(sicActivity('33200', 0)).toBe('is engaged in the installation of industrial machinery and equipment');
    expect(sicActivity('00000', 0)).toBeNull();
  });

  it('describes only real SIC 2007 codes', () => {
    for (const code of Object.keys(SIC_ACTIVITIES)) expect({ code, known: SIC_CODES.has(code) }).toEqual({ code, known: true });
  });
});
