import { describe, it } from 'node:test';
import { expect } from 'expect';
import { PSC_NATURE_DESCRIPTIONS, pscNatureText, pscStatementText } from './psc-descriptions.js';

describe("PSC natures of control in the register's words", () => {
  it('reads each code as Companies House writes it', () => {
    expect(pscNatureText('ownership-of-shares-25-to-50-percent')).toBe('Ownership of shares – More than 25% but not more than 50%');
    expect(pscNatureText('voting-rights-75-to-100-percent')).toBe('Ownership of voting rights - 75% or more');
    expect(pscNatureText('right-to-appoint-and-remove-directors')).toBe('Right to appoint or remove directors');
    expect(pscNatureText('significant-influence-or-control-as-trust')).toBe(
      'Has significant influence or control over the trustees of a trust',
    );
    expect(pscNatureText('right-to-share-surplus-assets-25-to-50-percent-limited-liability-partnership')).toBe(
      'Right to surplus assets - More than 25% but not more than 50%',
    );
  });

  it('covers every nature the sample data and the register files use, and spells out one it does not know', () => {
    expect(Object.keys(PSC_NATURE_DESCRIPTIONS).length).toBeGreaterThanOrEqual(80);
    expect(pscNatureText('some-new-nature')).toBe('Some new nature');
  });

  it('reads statements, naming the person a statement is about', () => {
    expect(pscStatementText('no-individual-or-entity-with-signficant-control')).toBe(
      'The company knows or has reasonable cause to believe that there is no registrable person or registrable relevant legal entity in relation to the company',
    );
    expect(pscStatementText('psc-has-failed-to-confirm-changed-details', 'Jane Smith')).toMatch(/^Jane Smith has failed to comply/);
  });
});
