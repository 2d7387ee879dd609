/** POST /api/contact_sales and /api/pricing_requests (spec 1 section 3): the free-trial and pricing forms. */

export interface SalesMetadata {
  userAgent: string;
  language: string;
  screenResolution: string;
  windowSize: string;
  clientTimestamp: string;
  referrer: string;
  pageUrl: string;
}

export interface SalesRequestPayload {
  full_name: string;
  email: string;
  company_name: string;
  job_role: string;
  business_challenge?: string;
  sales_metadata?: SalesMetadata;
}
