/**
 * The finance vocabulary of document search, from the shared line-item vocabulary and metric
 * catalogue (`@credence/shared`): each line item with the ways statements print it and the
 * statement it belongs to, and the metrics a question asks for over them.
 */
import { lineItem, LINE_ITEMS, STATEMENT_TITLES, type LineItem, type Metric, type Statement } from '@credence/shared';

export type FinanceTerm = LineItem;
export type { Metric, Statement };
export const FINANCE_TERMS = LINE_ITEMS;
export { STATEMENT_TITLES };
export const termByKey = lineItem;
