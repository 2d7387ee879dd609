/**
 * The KPI tables of spec 3, in the order the page shows them. Apart from the catalogue
 * (kpi-catalogue.ts) so the web app's entry can pick a first table without the catalogue's code.
 */
export const US_KPI_TABLES = ['Income Statement', 'Balance Sheet', 'Cash Flow', 'Per Share', 'Margins and Returns', 'Growth'] as const;
export type UsKpiTableName = (typeof US_KPI_TABLES)[number];
