/**
 * The companies the UK landing page suggests (spec 2 2.2) and the company a bare /uk/ link
 * opens. They exist in the generated sample dataset, which labels itself as sample data.
 */
export const SUGGESTED_COMPANIES = [
  { company_number: '00123456', company_name: 'BRITANNIA ENGINEERING GROUP PLC' },
  { company_number: '03456789', company_name: 'THAMES VALLEY FOODS LIMITED' },
  { company_number: 'SC234567', company_name: 'CALEDONIAN RENEWABLES LIMITED' },
  { company_number: '09876543', company_name: 'NORTHERN LIGHT SOFTWARE LTD' },
] as const;

export const DEFAULT_SAMPLE_COMPANY_NUMBER = '00123456';

/** Shown wherever sample data appears. */
export const SAMPLE_DATA_NOTICE = 'Sample data: generated for demonstration, not the Companies House register.';
