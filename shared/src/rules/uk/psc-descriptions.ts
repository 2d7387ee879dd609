/**
 * Natures of control of persons with significant control, and PSC statements, as Companies House
 * writes them on the register ("Ownership of shares – More than 25% but not more than 50%"),
 * by the codes its API and bulk products carry ("ownership-of-shares-25-to-50-percent"). Frozen
 * from the short_description and statement_description enumerations Companies House publishes
 * (psc_descriptions.yml of its api-enumerations repository), dashes as published.
 */

/** short_description: code → the register's words. */
export const PSC_NATURE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'ownership-of-shares-25-to-50-percent': 'Ownership of shares – More than 25% but not more than 50%',
  'ownership-of-shares-50-to-75-percent': 'Ownership of shares – More than 50% but less than 75%',
  'ownership-of-shares-75-to-100-percent': 'Ownership of shares – 75% or more',
  'ownership-of-shares-25-to-50-percent-as-trust':
    'Ownership of shares – More than 25% but not more than 50% with control over the trustees of a trust',
  'ownership-of-shares-50-to-75-percent-as-trust':
    'Ownership of shares – More than 50% but less than 75% with control over the trustees of a trust',
  'ownership-of-shares-75-to-100-percent-as-trust': 'Ownership of shares – 75% or more with control over the trustees of a trust',
  'ownership-of-shares-25-to-50-percent-as-firm': 'Ownership of shares – More than 25% but not more than 50% as a member of a firm',
  'ownership-of-shares-50-to-75-percent-as-firm': 'Ownership of shares – More than 50% but less than 75% as a member of a firm',
  'ownership-of-shares-75-to-100-percent-as-firm': 'Ownership of shares – 75% or more as a member of a firm',
  'ownership-of-shares-more-than-25-percent-registered-overseas-entity': 'Ownership of shares - More than 25%',
  'ownership-of-shares-more-than-25-percent-as-trust-registered-overseas-entity':
    'Ownership of shares - More than 25% as trustees of a trust',
  'ownership-of-shares-more-than-25-percent-as-firm-registered-overseas-entity':
    'Ownership of shares - More than 25% as a member of a firm',
  'ownership-of-shares-more-than-25-percent-as-control-over-trust-registered-overseas-entity':
    'Has significant influence over a trust which holds more than 25% of the shares in the entity',
  'ownership-of-shares-more-than-25-percent-as-control-over-firm-registered-overseas-entity':
    'Has significant influence over a firm which holds more than 25% of the shares in the entity',
  'voting-rights-25-to-50-percent': 'Ownership of voting rights - More than 25% but not more than 50%',
  'voting-rights-50-to-75-percent': 'Ownership of voting rights - More than 50% but less than 75%',
  'voting-rights-75-to-100-percent': 'Ownership of voting rights - 75% or more',
  'voting-rights-25-to-50-percent-as-trust':
    'Ownership of voting rights - More than 25% but not more than 50% with control over the trustees of a trust',
  'voting-rights-50-to-75-percent-as-trust':
    'Ownership of voting rights - More than 50% but less than 75% with control over the trustees of a trust',
  'voting-rights-75-to-100-percent-as-trust': 'Ownership of voting rights - 75% or more with control over the trustees of a trust',
  'voting-rights-25-to-50-percent-as-firm': 'Ownership of voting rights - More than 25% but not more than 50% as a member of a firm',
  'voting-rights-50-to-75-percent-as-firm': 'Ownership of voting rights - More than 50% but less than 75% as a member of a firm',
  'voting-rights-75-to-100-percent-as-firm': 'Ownership of voting rights - 75% or more as a member of a firm',
  'voting-rights-more-than-25-percent-registered-overseas-entity': 'Ownership of voting rights - More than 25%',
  'voting-rights-more-than-25-percent-as-trust-registered-overseas-entity': 'Holds voting rights - More than 25% as trustees of a trust',
  'voting-rights-more-than-25-percent-as-firm-registered-overseas-entity':
    'Ownership of voting rights - More than 25% as a member of a firm',
  'voting-rights-more-than-25-percent-as-control-over-trust-registered-overseas-entity':
    'Has significant influence over a trust which holds more than 25% of the voting rights in the entity',
  'voting-rights-more-than-25-percent-as-control-over-firm-registered-overseas-entity':
    'Has significant influence over a firm which has more than 25% of the voting rights in the entity',
  'right-to-appoint-and-remove-directors': 'Right to appoint or remove directors',
  'right-to-appoint-and-remove-directors-as-trust': 'Right to appoint or remove directors with control over the trustees of a trust',
  'right-to-appoint-and-remove-directors-as-firm': 'Right to appoint or remove directors as a member of a firm',
  'right-to-appoint-and-remove-directors-as-control-over-trust-registered-overseas-entity':
    'Has significant influence over a trust which has the right to appoint or remove directors of the entity',
  'right-to-appoint-and-remove-directors-as-control-over-firm-registered-overseas-entity':
    'Has significant influence over a firm which has the right to appoint or remove directors of the entity',
  'significant-influence-or-control': 'Has significant influence or control',
  'significant-influence-or-control-as-trust': 'Has significant influence or control over the trustees of a trust',
  'significant-influence-or-control-as-firm': 'Has significant influence or control as a member of a firm',
  'significant-influence-or-control-as-control-over-trust-registered-overseas-entity':
    'Has significant influence over a trust which has control of the entity',
  'significant-influence-or-control-as-control-over-firm-registered-overseas-entity':
    'Has significant influence over a firm which controls the entity',
  'right-to-share-surplus-assets-25-to-50-percent-limited-liability-partnership':
    'Right to surplus assets - More than 25% but not more than 50%',
  'right-to-share-surplus-assets-50-to-75-percent-limited-liability-partnership':
    'Right to surplus assets - More than 50% but less than 75%',
  'right-to-share-surplus-assets-75-to-100-percent-limited-liability-partnership': 'Right to surplus assets - 75% or more',
  'right-to-share-surplus-assets-25-to-50-percent-as-trust-limited-liability-partnership':
    'Right to surplus assets - More than 25% but not more than 50% with control over the trustees of a trust',
  'right-to-share-surplus-assets-50-to-75-percent-as-trust-limited-liability-partnership':
    'Right to surplus assets - More than 50% but less than 75% with control over the trustees of a trust',
  'right-to-share-surplus-assets-75-to-100-percent-as-trust-limited-liability-partnership':
    'Right to surplus assets - 75% or more with control over the trustees of a trust',
  'right-to-share-surplus-assets-25-to-50-percent-as-firm-limited-liability-partnership':
    'Right to surplus assets - More than 25% but not more than 50% as a member of a firm',
  'right-to-share-surplus-assets-50-to-75-percent-as-firm-limited-liability-partnership':
    'Right to surplus assets - More than 50% but less than 75% as a member of a firm',
  'right-to-share-surplus-assets-75-to-100-percent-as-firm-limited-liability-partnership':
    'Right to surplus assets - 75% or more as a member of a firm',
  'voting-rights-25-to-50-percent-limited-liability-partnership': 'Ownership of voting rights - More than 25% but not more than 50%',
  'voting-rights-50-to-75-percent-limited-liability-partnership': 'Ownership of voting rights - More than 50% but less than 75%',
  'voting-rights-75-to-100-percent-limited-liability-partnership': 'Ownership of voting rights - 75% or more',
  'voting-rights-25-to-50-percent-as-trust-limited-liability-partnership':
    'Ownership of voting rights - More than 25% but not more than 50% with control over the trustees of a trust',
  'voting-rights-50-to-75-percent-as-trust-limited-liability-partnership':
    'Ownership of voting rights - More than 50% but less than 75% with control over the trustees of a trust',
  'voting-rights-75-to-100-percent-as-trust-limited-liability-partnership':
    'Ownership of voting rights - 75% or more with control over the trustees of a trust',
  'voting-rights-25-to-50-percent-as-firm-limited-liability-partnership':
    'Ownership of voting rights - More than 25% but not more than 50% as a member of a firm',
  'voting-rights-50-to-75-percent-as-firm-limited-liability-partnership':
    'Ownership of voting rights - More than 50% but less than 75% as a member of a firm',
  'voting-rights-75-to-100-percent-as-firm-limited-liability-partnership': 'Ownership of voting rights - 75% or more as a member of a firm',
  'right-to-appoint-and-remove-members-limited-liability-partnership': 'Right to appoint or remove members',
  'right-to-appoint-and-remove-members-as-trust-limited-liability-partnership':
    'Right to appoint or remove members with control over the trustees of a trust',
  'right-to-appoint-and-remove-members-as-firm-limited-liability-partnership': 'Right to appoint or remove members as a member of a firm',
  'significant-influence-or-control-limited-liability-partnership': 'Has significant influence or control',
  'significant-influence-or-control-as-trust-limited-liability-partnership':
    'Has significant influence or control over the trustees of a trust',
  'significant-influence-or-control-as-firm-limited-liability-partnership': 'Has significant influence or control as a member of a firm',
  'significant-influence-or-control-registered-overseas-entity': 'Has significant influence or control',
  'significant-influence-or-control-as-trust-registered-overseas-entity':
    'Has significant influence over the entity as the trustees of a trust',
  'significant-influence-or-control-as-firm-registered-overseas-entity': 'Has significant influence or control as a member of a firm',
  'part-right-to-share-surplus-assets-25-to-50-percent': 'Right to surplus assets - More than 25% but not more than 50%',
  'part-right-to-share-surplus-assets-50-to-75-percent': 'Right to surplus assets - More than 50% but less than 75%',
  'part-right-to-share-surplus-assets-75-to-100-percent': 'Right to surplus assets - 75% or more',
  'part-right-to-share-surplus-assets-25-to-50-percent-as-trust':
    'Right to surplus assets - More than 25% but not more than 50% with control over the trustees of a trust',
  'part-right-to-share-surplus-assets-50-to-75-percent-as-trust':
    'Right to surplus assets - More than 50% but less than 75% with control over the trustees of a trust',
  'part-right-to-share-surplus-assets-75-to-100-percent-as-trust':
    'Right to surplus assets - 75% or more with control over the trustees of a trust',
  'part-right-to-share-surplus-assets-25-to-50-percent-as-firm':
    'Right to surplus assets - More than 25% but not more than 50% as a member of a firm',
  'part-right-to-share-surplus-assets-50-to-75-percent-as-firm':
    'Right to surplus assets - More than 50% but less than 75% as a member of a firm',
  'part-right-to-share-surplus-assets-75-to-100-percent-as-firm': 'Right to surplus assets - 75% or more as a member of a firm',
  'right-to-appoint-and-remove-person': 'Right to appoint or remove persons',
  'right-to-appoint-and-remove-person-as-firm': 'Right to appoint or remove persons as a member of a firm',
  'right-to-appoint-and-remove-person-as-trust': 'Right to appoint or remove persons with control over the trustees of a trust',
  'right-to-appoint-and-remove-directors-registered-overseas-entity': 'Right to appoint or remove directors',
  'right-to-appoint-and-remove-directors-as-trust-registered-overseas-entity':
    'Right to appoint or remove directors as the trustees of a trust',
  'right-to-appoint-and-remove-directors-as-firm-registered-overseas-entity': 'Right to appoint or remove members as a member of a firm',
};

/** statement_description: code → the register's words ({linked_psc_name} is the person the statement names). */
export const PSC_STATEMENT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'no-individual-or-entity-with-signficant-control':
    'The company knows or has reasonable cause to believe that there is no registrable person or registrable relevant legal entity in relation to the company',
  'psc-exists-but-not-identified':
    'The company knows or has reasonable cause to believe that there is a registrable person in relation to the company but it has not identified the registrable person',
  'psc-details-not-confirmed':
    'The company has identified a registrable person in relation to the company but all the required particulars of that person have not been confirmed',
  'steps-to-find-psc-not-yet-completed':
    'The company has not yet completed taking reasonable steps to find out if there is anyone who is a registrable person or a registrable relevant legal entity in relation to the company',
  'psc-contacted-but-no-response': 'The company has given a notice under section 790D of the Act which has not been complied with',
  'psc-has-failed-to-confirm-changed-details':
    '{linked_psc_name} has failed to comply with a notice given by the company under section 790E of the Act',
  'restrictions-notice-issued-to-psc': 'The company has issued a restrictions notice under paragraph 1 of Schedule 1B to the Act',
  'no-individual-or-entity-with-signficant-control-partnership':
    'The partnership knows or has reasonable cause to believe that there is no registrable person or registrable relevant legal entity in relation to the partnership',
  'psc-exists-but-not-identified-partnership':
    'The partnership knows or has reasonable cause to believe that there is a registrable person in relation to the partnership but it has not identified the registrable person',
  'psc-details-not-confirmed-partnership':
    'The partnership has identified a registrable person in relation to the partnership but all the required particulars of that person have not been confirmed',
  'steps-to-find-psc-not-yet-completed-partnership':
    'The partnership has not yet completed taking reasonable steps to find out if there is anyone who is a registrable person or a registrable relevant legal entity in relation to the partnership',
};

/** A code the table does not know, in words: "some-new-code" → "Some new code". */
function spelled(code: string): string {
  const words = code.replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : '';
}

/** A nature of control in the register's words; an unknown code spelled out, never shown raw. */
export function pscNatureText(code: string): string {
  return PSC_NATURE_DESCRIPTIONS[code.trim()] ?? spelled(code);
}

/** A PSC statement in the register's words, with the person it names when there is one. */
export function pscStatementText(code: string, linkedPscName?: string | null): string {
  const text = PSC_STATEMENT_DESCRIPTIONS[code.trim()];
  if (!text) return spelled(code);
  return text.replace('{linked_psc_name}', linkedPscName?.trim() || 'A registrable person');
}
