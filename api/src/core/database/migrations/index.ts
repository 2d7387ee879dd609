import { Accounts1763769600000 } from './1763769600000-accounts.js';
import { UkCompanies1763856000000 } from './1763856000000-uk-companies.js';
import { CompanyNameWords1763942700000 } from './1763942700000-company-name-words.js';
import { ScreenerViews1764028800000 } from './1764028800000-screener-views.js';
import { ScreenerGenerations1764115200000 } from './1764115200000-screener-generations.js';
import { DerivedRefresh1764201600000 } from './1764201600000-derived-refresh.js';
import { ScreenerViewsCurrent1764288000000 } from './1764288000000-screener-views-current.js';
import { ScreenerCreditColumns1764374400000 } from './1764374400000-screener-credit-columns.js';
import { Research1764460800000 } from './1764460800000-research.js';
import { Documents1764547200000 } from './1764547200000-documents.js';
import { UsEquity1764633600000 } from './1764633600000-us-equity.js';
import { Ops1764720000000 } from './1764720000000-ops.js';
import { UsFactsNoFk1765324800000 } from './1765324800000-us-facts-no-fk.js';
import { UsFactsSource1765324900000 } from './1765324900000-us-facts-source.js';
import { DocumentChunks1765670600000 } from './1765670600000-document-chunks.js';
import { PageTooComplex1766016000000 } from './1766016000000-page-too-complex.js';
import { ChatMessageSize1766102400000 } from './1766102400000-chat-message-size.js';
import { ResearchCreditHolds1766966400000 } from './1766966400000-research-credit-holds.js';
import { ChStream1767225600000 } from './1767225600000-ch-stream.js';
import { IdentityVerification1767225700000 } from './1767225700000-identity-verification.js';
import { ScreenerRatioColumns1767312000000 } from './1767312000000-screener-ratio-columns.js';
import { Watchlists1767312200000 } from './1767312200000-watchlists.js';
import { Webhooks1767312300000 } from './1767312300000-webhooks.js';
import { ScreenerIdentityVerification1767398400000 } from './1767398400000-screener-identity-verification.js';
import { AlertMail1767484800000 } from './1767484800000-alert-mail.js';
import { WatchLendersPeople1767571200000 } from './1767571200000-watch-lenders-people.js';

/**
 * Every migration, in order. Add new ones at the end. A migration is frozen once released: its SQL
 * is written out in its own file (or in ./frozen), never read from code that can change later.
 */
export const MIGRATIONS = [
  Accounts1763769600000,
  UkCompanies1763856000000,
  CompanyNameWords1763942700000,
  ScreenerViews1764028800000,
  ScreenerGenerations1764115200000,
  DerivedRefresh1764201600000,
  ScreenerViewsCurrent1764288000000,
  ScreenerCreditColumns1764374400000,
  Research1764460800000,
  Documents1764547200000,
  UsEquity1764633600000,
  Ops1764720000000,
  UsFactsNoFk1765324800000,
  UsFactsSource1765324900000,
  DocumentChunks1765670600000,
  PageTooComplex1766016000000,
  ChatMessageSize1766102400000,
  ResearchCreditHolds1766966400000,
  ChStream1767225600000,
  IdentityVerification1767225700000,
  ScreenerRatioColumns1767312000000,
  Watchlists1767312200000,
  Webhooks1767312300000,
  ScreenerIdentityVerification1767398400000,
  AlertMail1767484800000,
  WatchLendersPeople1767571200000,
];
