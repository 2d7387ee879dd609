// The cross-module imports still allowed (issue 25 §1), as file pairs [from, to]: this list only shrinks.
// Each group says why the edge is there and how it goes. .dependency-cruiser.cjs turns it into rules;
// an edge that is no longer in the code should be deleted here (71 edges when the rule came in; 132 before the platform layer).
module.exports = {
  ALLOWED_CROSS_MODULE: [
    // research -> companies-house (23): UK register research reads the register (companies, filings, accounts rows, PDF renderers). To go: a register read contract (company facts, filings, page sources) in the platform that companies-house provides.
    ['api/src/modules/research/evidence/research-evidence.ts', 'api/src/modules/companies-house/documents/accounts-format.ts'],
    ['api/src/modules/research/tools/args.ts', 'api/src/modules/companies-house/company-search.repository.ts'],
    ['api/src/modules/research/tools/register/register-facts.ts', 'api/src/modules/companies-house/company-search.repository.ts'],
    ['api/src/modules/research/evidence/page-text.service.ts', 'api/src/modules/companies-house/documents/accounts-pdf.ts'],
    ['api/src/modules/research/evidence/page-text.service.ts', 'api/src/modules/companies-house/documents/filing-pdf.ts'],
    ['api/src/modules/research/tools/company-search.tool.ts', 'api/src/modules/companies-house/company-search.repository.ts'],
    ['api/src/modules/research/tools/document-summary.tool.ts', 'api/src/modules/companies-house/documents/accounts-layout.ts'],
    ['api/src/modules/research/tools/document-summary.tool.ts', 'api/src/modules/companies-house/store/rows.ts'],
    ['api/src/modules/research/tools/facts.ts', 'api/src/modules/companies-house/documents/accounts-format.ts'],
    ['api/src/modules/research/tools/facts.ts', 'api/src/modules/companies-house/store/rows.ts'],
    ['api/src/modules/research/tools/statements.ts', 'api/src/modules/companies-house/store/rows.ts'],
    ['api/src/modules/research/tools/register/capital.tool.ts', 'api/src/modules/companies-house/companies.repository.ts'],
    ['api/src/modules/research/tools/register/company-tool.ts', 'api/src/modules/companies-house/companies.repository.ts'],
    ['api/src/modules/research/tools/register/charges.tool.ts', 'api/src/modules/companies-house/companies.repository.ts'],
    ['api/src/modules/research/tools/register/charges.tool.ts', 'api/src/modules/companies-house/store/rows.ts'],
    ['api/src/modules/research/tools/register/compliance.tool.ts', 'api/src/modules/companies-house/companies.repository.ts'],
    ['api/src/modules/research/tools/register/distress.tool.ts', 'api/src/modules/companies-house/companies.repository.ts'],
    ['api/src/modules/research/tools/register/distress.tool.ts', 'api/src/modules/companies-house/documents/accounts-layout.ts'],
    ['api/src/modules/research/tools/register/leadership.tool.ts', 'api/src/modules/companies-house/companies.repository.ts'],
    ['api/src/modules/research/tools/register/leadership.tool.ts', 'api/src/modules/companies-house/store/rows.ts'],
    ['api/src/modules/research/engine/builtin/understand.ts', 'api/src/modules/companies-house/company-search.repository.ts'],
    [
      'api/src/modules/research/engine/builtin/analyses/financial/common.ts',
      'api/src/modules/companies-house/documents/accounts-format.ts',
    ],
    [
      'api/src/modules/research/engine/builtin/analyses/register/peers.analysis.ts',
      'api/src/modules/companies-house/documents/accounts-format.ts',
    ],
    // research -> screener (3): lender book and peers read screener tables. To go: a lender/peer read contract.
    ['api/src/modules/research/evidence/lender-book-check.ts', 'api/src/modules/screener/lender-detail.service.ts'],
    ['api/src/modules/research/tools/register/lender-book.tool.ts', 'api/src/modules/screener/lender-detail.service.ts'],
    ['api/src/modules/research/tools/register/peers.tool.ts', 'api/src/modules/screener/screener-tables.ts'],
    // watchlists -> companies-house (2): stream alerts read the stream events (stream work is on another branch).
    ['api/src/modules/watchlists/alerts/stream-alerts.ts', 'api/src/modules/companies-house/import/ch-api.mapper.ts'],
    ['api/src/modules/watchlists/alerts/stream-alerts.ts', 'api/src/modules/companies-house/stream/stream-event.ts'],
    // companies-house -> watchlists (1): the stream runner hands events to the alerts (stream work is on another branch). To go: a stream listener token.
    ['api/src/modules/companies-house/stream/stream-runner.ts', 'api/src/modules/watchlists/alerts/stream-alerts.ts'],
    // companies-house -> screener (1): a register import refreshes the screener views. To go: a refresh hook registry in core.
    ['api/src/modules/companies-house/store/derived-tables.ts', 'api/src/modules/screener/refresh-views.ts'],
  ],
};
