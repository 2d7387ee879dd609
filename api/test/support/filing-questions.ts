/**
 * The document retrieval evaluation's filings and questions: four filing-like PDFs (a 10-K, a
 * 10-Q, an earnings release, an 8-K; see filing-corpus.ts) and questions worded as analysts word
 * them, each with the page that answers it and, for a figure, the figure as printed.
 */
import { contents, heading, page, paragraphs, renderPdf, statement, twoColumns } from './filing-corpus.js';

export interface EvalQuestion {
  query: string;
  page: number;
  /** A figure the answer must state, as the page prints it (or as computed). */
  figure?: string;
}

export interface EvalFiling {
  name: string;
  pdf: () => Promise<Buffer>;
  questions: EvalQuestion[];
}

const HAL = 'Halvorsen Industrial Corp.';
const tenK = () =>
  renderPdf((doc) => {
    const p = (n: number) => page(doc, HAL, '2023 Form 10-K', n);
    p(1);
    paragraphs(doc, [
      'UNITED STATES SECURITIES AND EXCHANGE COMMISSION, Washington, D.C. 20549',
      'FORM 10-K. ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934 for the fiscal year ended December 31, 2023.',
      `${HAL} (Exact name of registrant as specified in its charter). Delaware. Commission file number 001-34521.`,
      'Securities registered pursuant to Section 12(b) of the Act: Common Stock, par value $0.01 per share, trading symbol HLVN, New York Stock Exchange; 4.250% Notes due 2031, trading symbol HLVN31, New York Stock Exchange.',
    ]);
    p(2);
    contents(doc, [
      ['Item 1. Business', 3],
      ['Item 1A. Risk Factors', 4],
      ['Item 6. Selected Financial Data', 5],
      ["Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations", 6],
      ['Item 8. Financial Statements and Supplementary Data', 9],
      ['Consolidated Statements of Operations', 9],
      ['Consolidated Balance Sheets', 10],
      ['Consolidated Statements of Cash Flows', 11],
      ['Notes to Consolidated Financial Statements: Debt; Income Taxes', 12],
      ['Item 15. Exhibits', 14],
    ]);
    p(3);
    heading(doc, 'Item 1. Business');
    paragraphs(doc, [
      'Halvorsen designs and manufactures pumps, valves and motion control components for industrial customers in more than 60 countries.',
      'We operate through three reportable segments: Fluid Systems, Motion Control and Aftermarket Services.',
      'Human capital. As of December 31, 2023, we had approximately 18,300 employees, of whom about 7,900 were located outside the United States.',
    ]);
    p(4);
    heading(doc, 'Item 1A. Risk Factors');
    twoColumns(
      doc,
      [
        'Increases in the cost of steel, aluminum and copper, the principal raw materials we buy, could reduce our margins if we cannot raise prices to offset them.',
        'We depend on a limited number of suppliers for castings and electronic controls, and a disruption at any of them could delay our shipments.',
      ],
      [
        'A cybersecurity incident could disrupt our manufacturing systems and expose confidential information of our customers.',
        'Our largest customer accounted for approximately 11% of net sales in 2023, and the loss of this customer could harm our results.',
      ],
    );
    p(5);
    statement(doc, {
      title: 'Item 6. Selected Financial Data',
      periods: ['2023', '2022', '2021', '2020', '2019'],
      rows: [
        ['Net sales', '6,482', '6,035', '5,611', '5,102', '5,377'],
        ['Operating income', '912', '742', '611', '498', '575'],
        ['Net income', '652', '524', '413', '322', '401'],
        ['Total assets', '8,114', '7,902', '7,455', '7,210', '7,018'],
      ],
    });
    p(6);
    heading(doc, "Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations");
    paragraphs(doc, [
      'Overview. Net sales were $6,482 million in 2023, an increase of 7.4% from $6,035 million in 2022, driven by pricing actions that added 4% and higher volumes in Fluid Systems, partly offset by unfavorable foreign currency translation.',
      'Gross margin improved to 34.1% from 32.8% as productivity savings and pricing more than offset wage inflation.',
    ]);
    p(7);
    statement(doc, {
      title: 'Segment Results',
      periods: ['2023', '2022'],
      rows: [
        ['Fluid Systems', '2,914', '2,688'],
        ['Motion Control', '2,203', '2,122'],
        ['Aftermarket Services', '1,365', '1,225'],
        ['Total segment net sales', '6,482', '6,035'],
      ],
    });
    p(8);
    heading(doc, 'Liquidity and Capital Resources');
    paragraphs(doc, [
      'Cash and cash equivalents were $742 million at December 31, 2023, and we had $645 million available under our revolving credit facility.',
      'Capital expenditures were $287 million in 2023. We expect capital expenditures of approximately $320 million in 2024, mainly for capacity in Fluid Systems.',
      'During 2023 we repurchased 1.2 million shares of common stock for $145 million.',
    ]);
    p(9);
    statement(doc, {
      title: 'CONSOLIDATED STATEMENTS OF OPERATIONS',
      over: 'Year Ended December 31,',
      periods: ['2023', '2022', '2021'],
      dollars: true,
      rows: [
        ['Net sales', '6,482', '6,035', '5,611'],
        ['Cost of sales', '4,272', '4,055', '3,823'],
        ['Gross profit', '2,210', '1,980', '1,788'],
        ['Selling, general and administrative expenses', '1,041', '998', '951'],
        ['Research and development expenses', '257', '240', '226'],
        ['Operating income', '912', '742', '611'],
        ['Interest expense', '96', '88', '91'],
        ['Income before income taxes', '830', '663', '517'],
        ['Provision for income taxes', '178', '139', '104'],
        ['Net income', '652', '524', '413'],
        ['Diluted earnings per share', '4.87', '3.88', '3.02'],
      ],
    });
    p(10);
    statement(doc, {
      title: 'CONSOLIDATED BALANCE SHEETS',
      over: 'December 31,',
      periods: ['2023', '2022'],
      dollars: true,
      rows: [
        ['Cash and cash equivalents', '742', '655'],
        ['Accounts receivable, net', '1,012', '958'],
        ['Inventories', '1,104', '1,187'],
        ['Total current assets', '3,021', '2,941'],
        ['Property, plant and equipment, net', '1,876', '1,795'],
        ['Goodwill', '2,310', '2,298'],
        ['Total assets', '8,114', '7,902'],
        ['Accounts payable', '688', '702'],
        ['Total current liabilities', '1,402', '1,456'],
        ['Long-term debt', '2,105', '2,240'],
        ['Total liabilities', '4,388', '4,561'],
        ["Total shareholders' equity", '3,726', '3,341'],
      ],
    });
    p(11);
    statement(doc, {
      title: 'CONSOLIDATED STATEMENTS OF CASH FLOWS',
      over: 'Year Ended December 31,',
      periods: ['2023', '2022', '2021'],
      rows: [
        ['Net income', '652', '524', '413'],
        ['Depreciation and amortization', '231', '224', '219'],
        ['Net cash provided by operating activities', '987', '801', '702'],
        ['Purchases of property, plant and equipment', '(287)', '(264)', '(241)'],
        ['Acquisitions, net of cash acquired', '(45)', '(310)', '—'],
        ['Net cash used in investing activities', '(318)', '(569)', '(236)'],
        ['Repayments of long-term debt', '(135)', '(60)', '(75)'],
        ['Dividends paid', '(198)', '(185)', '(171)'],
        ['Repurchases of common stock', '(145)', '(90)', '(60)'],
        ['Net cash used in financing activities', '(582)', '(232)', '(310)'],
      ],
    });
    p(12);
    heading(doc, 'Note 8. Debt');
    paragraphs(doc, [
      'The revolving credit facility provides for borrowings of up to $1,000 million and matures in June 2027. The credit agreement requires the Company to maintain a maximum net leverage ratio of 3.75 to 1.00, and the Company was in compliance at December 31, 2023.',
      'The 5.125% Senior Notes mature on September 15, 2028 and the 4.250% Notes mature on May 1, 2031. Interest is payable semi-annually.',
    ]);
    statement(doc, {
      title: 'Debt outstanding',
      periods: ['2023', '2022'],
      y: 260,
      rows: [
        ['Term loan due 2026', '400', '480'],
        ['5.125% Senior Notes due 2028', '750', '750'],
        ['4.250% Notes due 2031', '600', '600'],
        ['Revolving credit facility', '355', '410'],
        ['Total debt', '2,105', '2,240'],
      ],
    });
    p(13);
    heading(doc, 'Note 12. Income Taxes');
    paragraphs(doc, [
      'The effective tax rate was 21.4% in 2023 compared with 21.0% in 2022. The increase reflected a higher share of earnings in jurisdictions with higher statutory rates.',
      'Unrecognized tax benefits were $38 million at December 31, 2023.',
    ]);
    p(14);
    heading(doc, 'Item 15. Exhibits');
    paragraphs(doc, ['3.1 Certificate of Incorporation. 10.1 Credit Agreement. 21 Subsidiaries of the Registrant. 31.1 Certifications.']);
  });

const BRW = 'Brightwater Foods Inc.';
const tenQ = () =>
  renderPdf((doc) => {
    const p = (n: number) => page(doc, BRW, 'Form 10-Q for the quarter ended September 30, 2023', n);
    p(1);
    paragraphs(doc, [
      'FORM 10-Q. QUARTERLY REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934 for the quarterly period ended September 30, 2023.',
      `${BRW}. Indicate the number of shares outstanding of each of the issuer's classes of common stock: as of October 27, 2023, there were 58,214,377 shares of common stock outstanding.`,
    ]);
    p(2);
    statement(doc, {
      title: 'CONDENSED CONSOLIDATED STATEMENTS OF EARNINGS (Unaudited)',
      over: 'Three Months Ended September 30      Nine Months Ended September 30',
      periods: ['2023', '2022', '2023', '2022'],
      rows: [
        ['Net revenues', '1,284', '1,197', '3,702', '3,455'],
        ['Cost of goods sold', '842', '801', '2,446', '2,331'],
        ['Gross profit', '442', '396', '1,256', '1,124'],
        ['Selling, general and administrative', '251', '240', '738', '709'],
        ['Operating income', '191', '156', '518', '415'],
        ['Interest expense', '22', '19', '63', '55'],
        ['Net earnings', '128', '104', '347', '276'],
      ],
    });
    p(3);
    statement(doc, {
      title: 'CONDENSED CONSOLIDATED BALANCE SHEETS (Unaudited)',
      periods: ['September 30, 2023', 'December 31, 2022'],
      rows: [
        ['Cash and cash equivalents', '318', '402'],
        ['Inventories', '611', '548'],
        ['Total current assets', '1,402', '1,377'],
        ['Total assets', '4,915', '4,788'],
        ['Long-term debt', '1,320', '1,385'],
        ['Total liabilities', '2,877', '2,902'],
        ["Total stockholders' equity", '2,038', '1,886'],
      ],
    });
    p(4);
    statement(doc, {
      title: 'CONDENSED CONSOLIDATED STATEMENTS OF CASH FLOWS (Unaudited)',
      over: 'Nine Months Ended September 30',
      periods: ['2023', '2022'],
      rows: [
        ['Net earnings', '347', '276'],
        ['Depreciation and amortization', '104', '98'],
        ['Net cash provided by operating activities', '412', '365'],
        ['Capital expenditures', '(139)', '(121)'],
        ['Net cash used in investing activities', '(152)', '(188)'],
        ['Dividends paid', '(81)', '(76)'],
      ],
    });
    p(5);
    heading(doc, "Item 2. Management's Discussion and Analysis");
    twoColumns(
      doc,
      [
        'Third quarter results. Net revenues increased 7.3% to $1,284 million, reflecting price realization of 5% and volume growth of 2% in Snacks, partly offset by lower Beverages volume.',
        'Gross margin expanded 130 basis points to 34.4% on lower freight costs.',
      ],
      [
        'Liquidity. We ended the quarter with $318 million of cash and cash equivalents and no borrowings under our $800 million revolving credit facility.',
        'We paid dividends of $81 million in the first nine months of 2023.',
      ],
    );
    p(6);
    heading(doc, 'Part II. Item 2. Unregistered Sales of Equity Securities and Use of Proceeds');
    paragraphs(doc, [
      'During the quarter ended September 30, 2023, we repurchased 412,000 shares of our common stock at an average price of $61.20 per share under the program authorized in 2022.',
    ]);
  });

const KES = 'Kestrel Software Inc.';
const release = () =>
  renderPdf((doc) => {
    const p = (n: number) => page(doc, KES, 'Exhibit 99.1', n);
    p(1);
    heading(doc, 'Kestrel Software Reports Fourth Quarter and Fiscal Year 2023 Results');
    paragraphs(doc, [
      'Fourth quarter revenue of $412.6 million, up 14% year over year. Subscription revenue of $371.2 million, up 17% year over year.',
      'Annual recurring revenue (ARR) reached $1.52 billion at December 31, 2023, up 19% year over year. Customers with ARR over $100,000 grew to 2,418.',
      'Fiscal 2024 outlook: the company expects total revenue between $1.78 billion and $1.80 billion and non-GAAP operating margin of 15% to 16%.',
    ]);
    p(2);
    statement(doc, {
      title: 'CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS',
      unit: '(In millions, except per share data; unaudited)',
      over: 'Three Months Ended December 31      Twelve Months Ended December 31',
      periods: ['2023', '2022', '2023', '2022'],
      rows: [
        ['Subscription', '371.2', '318.4', '1,398.0', '1,167.5'],
        ['Professional services', '41.4', '43.6', '168.9', '171.2'],
        ['Total revenue', '412.6', '362.0', '1,566.9', '1,338.7'],
        ['Total cost of revenue', '98.3', '91.5', '381.2', '352.4'],
        ['Gross profit', '314.3', '270.5', '1,185.7', '986.3'],
        ['Research and development', '96.2', '90.8', '381.5', '361.0'],
        ['Sales and marketing', '171.0', '160.9', '652.8', '612.3'],
        ['Operating loss', '(12.4)', '(35.1)', '(68.2)', '(141.9)'],
        ['Net loss', '(8.9)', '(31.7)', '(55.0)', '(137.4)'],
      ],
    });
    p(3);
    statement(doc, {
      title: 'RECONCILIATION OF GAAP TO NON-GAAP FINANCIAL MEASURES',
      unit: '(In millions; unaudited)',
      over: 'Three Months Ended December 31      Twelve Months Ended December 31',
      periods: ['2023', '2022', '2023', '2022'],
      rows: [
        ['GAAP operating loss', '(12.4)', '(35.1)', '(68.2)', '(141.9)'],
        ['Stock-based compensation expense', '68.9', '66.0', '262.4', '251.0'],
        ['Non-GAAP operating income', '61.3', '38.2', '201.7', '118.4'],
        ['Net cash provided by operating activities', '97.0', '71.3', '331.9', '212.6'],
        ['Purchases of property and equipment', '(8.8)', '(9.6)', '(33.4)', '(37.0)'],
        ['Free cash flow', '88.2', '61.7', '298.5', '175.6'],
      ],
    });
  });

const MAR = 'Marlowe Energy Partners LP';
const eightK = () =>
  renderPdf((doc) => {
    const p = (n: number) => page(doc, MAR, 'Form 8-K', n);
    p(1);
    paragraphs(doc, [
      'FORM 8-K. CURRENT REPORT Pursuant to Section 13 or 15(d) of the Securities Exchange Act of 1934.',
      `Date of Report (Date of earliest event reported): March 4, 2024. ${MAR}. Houston, Texas.`,
    ]);
    p(2);
    heading(doc, 'Item 1.01 Entry into a Material Definitive Agreement');
    paragraphs(doc, [
      'On March 1, 2024, the Partnership entered into a Second Amended and Restated Credit Agreement with JPMorgan Chase Bank, N.A., as administrative agent, and the lenders party thereto, providing for a $750 million senior secured revolving credit facility maturing on March 1, 2029.',
      'Borrowings bear interest at Term SOFR plus an applicable margin ranging from 1.75% to 2.75% depending on the leverage ratio, and the facility is secured by substantially all of the Partnership’s oil and gas properties.',
    ]);
    p(3);
    heading(doc, 'Item 5.02 Departure of Directors or Certain Officers');
    paragraphs(doc, [
      'On March 3, 2024, Jane Whitfield notified the Board of Directors of her decision to resign as Chief Financial Officer, effective April 15, 2024, to pursue other opportunities. Her resignation did not result from any disagreement with the Partnership.',
      'The Board appointed Daniel Ortega, currently Vice President of Finance, to serve as interim Chief Financial Officer upon her departure.',
    ]);
    p(4);
    heading(doc, 'Item 9.01 Financial Statements and Exhibits');
    paragraphs(doc, ['10.1 Second Amended and Restated Credit Agreement dated March 1, 2024. 104 Cover Page Interactive Data File.']);
  });

export const EVAL_FILINGS: EvalFiling[] = [
  {
    name: 'halvorsen-2023-10k.pdf',
    pdf: tenK,
    questions: [
      { query: "What was Halvorsen's FY2023 revenue?", page: 9, figure: '6,482' },
      {
        query: 'What is the FY2022 capital expenditure amount (in USD millions)? Rely on the cash flow statement.',
        page: 11,
        figure: '264',
      },
      { query: 'How much cash did Halvorsen generate from operations in 2021?', page: 11, figure: '702' },
      { query: 'What was the net income in 2022?', page: 9, figure: '524' },
      { query: 'What were total assets at the end of 2023?', page: 10, figure: '8,114' },
      { query: 'How much inventory did the company hold at year-end 2022?', page: 10, figure: '1,187' },
      { query: 'What was the gross profit for fiscal 2021?', page: 9, figure: '1,788' },
      { query: 'What was EBITDA in 2023, using operating income plus depreciation and amortization?', page: 9, figure: '1,143' },
      { query: 'What was the operating margin in 2023?', page: 9, figure: '14.1%' },
      { query: 'How much did the company pay in dividends in 2023?', page: 11, figure: '198' },
      { query: 'What were diluted earnings per share in 2022?', page: 9, figure: '3.88' },
      { query: 'How much long-term debt was outstanding at December 31, 2022?', page: 10, figure: '2,240' },
      { query: 'What is the maximum net leverage ratio required by the credit agreement?', page: 12 },
      { query: 'When does the revolving credit facility mature?', page: 12 },
      { query: 'What was the effective tax rate in 2023?', page: 13 },
      { query: 'How many employees does Halvorsen have?', page: 3 },
      { query: "What are the company's reportable segments?", page: 3 },
      { query: 'Which securities are registered to trade on the New York Stock Exchange?', page: 1 },
      { query: 'What drove net sales growth in 2023?', page: 6 },
      { query: 'What capital spending does management expect for 2024?', page: 8 },
      { query: 'Is the company exposed to raw material price increases?', page: 4 },
      { query: 'How much did research and development spending change from 2022 to 2023?', page: 9, figure: '7.1%' },
      { query: 'What were Aftermarket Services segment sales in 2023?', page: 7 },
      { query: 'How concentrated is the customer base?', page: 4 },
    ],
  },
  {
    name: 'brightwater-q3-2023-10q.pdf',
    pdf: tenQ,
    questions: [
      { query: 'What were net revenues for the three months ended September 30, 2023?', page: 2, figure: '1,284' },
      { query: 'What was operating income for the nine months ended September 30, 2023?', page: 2, figure: '518' },
      { query: 'How much cash and cash equivalents did Brightwater have at the end of the quarter?', page: 3, figure: '318' },
      { query: 'What was capex in the first nine months of 2023?', page: 4, figure: '139' },
      { query: 'How many shares of common stock were outstanding?', page: 1 },
      { query: 'What drove revenue growth in the third quarter?', page: 5 },
      { query: 'Did the company repurchase shares during the quarter?', page: 6 },
      { query: 'What was the total long-term debt at September 30, 2023?', page: 3, figure: '1,320' },
    ],
  },
  {
    name: 'kestrel-q4-2023-earnings-release.pdf',
    pdf: release,
    questions: [
      { query: 'What revenue guidance did Kestrel give for fiscal 2024?', page: 1 },
      { query: 'What was annual recurring revenue at the end of 2023?', page: 1 },
      { query: 'What was free cash flow for the full year 2023?', page: 3, figure: '298.5' },
      { query: 'What was the net loss for the twelve months ended December 31, 2023?', page: 2, figure: '(55.0)' },
      { query: 'What was total revenue in the fourth quarter of 2023?', page: 2, figure: '412.6' },
      { query: 'How much stock-based compensation expense was recorded in 2023?', page: 3 },
    ],
  },
  {
    name: 'marlowe-8k-2024-03.pdf',
    pdf: eightK,
    questions: [
      { query: 'Who is the administrative agent under the new credit agreement?', page: 2 },
      { query: 'What is the size of the revolving credit facility and when does it mature?', page: 2 },
      { query: 'What interest margin applies to borrowings?', page: 2 },
      { query: 'Who will serve as interim CFO?', page: 3 },
      { query: 'Why did the chief financial officer resign?', page: 3 },
    ],
  },
];
