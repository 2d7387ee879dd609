/** The SIC 2007 list lives in shared (the screener's natural-language queries read it too). */
export { DORMANT_SECTION, SIC_CODES, SIC_DIVISIONS, SIC_SECTIONS, sicCodeRows, sicText, type SicCodeRow } from '@credence/shared';
