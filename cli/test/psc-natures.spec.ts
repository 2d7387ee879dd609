import { describe, it } from 'node:test';
import { expect } from 'expect';
import { pscLines, type View } from '../src/commands/company-view.js';
import { styleFor } from '../src/output/text.js';
import { ACME_OFFICERS, NOW } from './support/explorer-fixtures.js';

const view: View = { width: 200, tableWidth: 200, style: styleFor(false), now: NOW };

describe('PSCs in the terminal', () => {
  it("reads natures of control and statements in Companies House's words, never as codes", () => {
    const answer = {
      ...ACME_OFFICERS,
      psc: {
        ...ACME_OFFICERS.psc,
        statements: [
          {
            kind: 'persons-with-significant-control-statement',
            name: null,
            notified_on: '2020-01-01',
            ceased_on: null,
            natures_of_control: [],
            nationality: null,
            country_of_residence: null,
            statement: 'no-individual-or-entity-with-signficant-control',
          },
        ],
      },
    };
    const text = pscLines(null, answer, view).join('\n');
    expect(text).toContain('Ownership of shares – 75% or more');
    expect(text).not.toContain('ownership-of-shares');
    expect(text).toContain('The company knows or has reasonable cause to believe that there is no registrable person');
  });
});
