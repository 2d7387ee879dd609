/**
 * Document summaries of each accounts document, composed from sector-aware templates and the
 * year's own figures: business overview, the fair review (management discussion), principal risks
 * by category, key highlights, future outlook, accounting policies, and the auditor and opinion.
 * Every part cites the page of the PDF that prints it (documents/accounts-layout.ts).
 */
import { sicActivity } from './sic-activities.js';
import { formatCompact, formatPercent, notAuditedOpinion } from '../documents/accounts-format.js';
import { SUMMARY_PAGES } from '../documents/accounts-layout.js';
import type { Period } from './accounts.js';
import { displayName } from './companies.js';
import { longDate } from './dates.js';
import type { Figures } from './financials.js';
import { AUDITORS } from './lenders.js';
import { SURNAMES } from './names.js';
import type { Rng } from './random.js';
import type { SectorId } from './sectors.js';
import type { CompanyPlan } from './types.js';
import type { DocumentSummaryRow } from '../store/rows.js';

interface SectorText {
  activity: readonly string[];
  customers: readonly string[];
  drivers: readonly string[];
  strategic: readonly string[];
  operational: readonly string[];
  regulatory: readonly string[];
  outlook: readonly string[];
  revenue: string;
}

const T: Record<SectorId, SectorText> = {
  software: {
    activity: [
      'designs, develops and supports business software',
      'provides cloud-based workflow and data platforms',
      'builds bespoke software and integration services',
      'develops subscription software and analytics tools',
    ],
    customers: [
      'small and medium-sized businesses',
      'public sector bodies',
      'financial services firms',
      'retail and logistics operators',
      'enterprise customers in the UK and Europe',
    ],
    drivers: [
      'recurring subscription revenue grew as customers moved to the cloud platform',
      'new enterprise contracts and higher renewal rates',
      'demand for data and automation projects',
      'the launch of the latest product release',
    ],
    strategic: [
      'Competition from larger international software providers could put pressure on pricing and win rates.',
      'Rapid changes in technology, including AI, may make parts of the product set less competitive unless investment continues.',
    ],
    operational: [
      'The business depends on retaining and recruiting skilled engineers in a competitive labour market.',
      'A serious cyber-security incident or service outage could disrupt customers and damage the reputation of the platform.',
    ],
    regulatory: [
      'Processing customer data brings obligations under UK GDPR and the Data Protection Act 2018.',
      'Changes to data transfer rules between the UK, the EU and the US could affect hosting arrangements.',
    ],
    outlook: [
      'The directors expect continued growth in recurring revenue as the product roadmap is delivered.',
      'Investment in research and development will continue, supported by R&D tax relief.',
      'The order book and renewal pipeline give the directors confidence for the year ahead.',
    ],
    revenue:
      'Turnover comprises software subscriptions, licences and services. Subscription revenue is recognised evenly over the contract term; services are recognised as they are delivered.',
  },
  professional: {
    activity: [
      'provides consultancy and advisory services',
      'provides professional services to businesses and individuals',
      'offers management, engineering and design consultancy',
      'provides accountancy, tax and business advisory services',
    ],
    customers: ['corporate clients', 'public sector clients', 'owner-managed businesses', 'clients across the UK'],
    drivers: [
      'higher fee income from existing clients and new mandates',
      'improved utilisation of fee-earning staff',
      'growth in advisory work',
      'demand for specialist expertise',
    ],
    strategic: [
      'The loss of a significant client or a fall in client spending would reduce fee income.',
      'Competition for work from larger firms could affect fee rates.',
    ],
    operational: [
      'The business relies on the skills and relationships of its senior people.',
      'Professional negligence claims could arise from the advice given.',
    ],
    regulatory: [
      'The company must meet the standards of the professional bodies that regulate its work.',
      'Changes to IR35 and employment rules affect how contractors are engaged.',
    ],
    outlook: [
      'The directors expect fee income to remain stable with opportunities to grow advisory services.',
      'Investment in training and technology will continue to improve efficiency.',
    ],
    revenue: 'Turnover represents fees for services provided, recognised by reference to the stage of completion of each engagement.',
  },
  property: {
    activity: [
      'holds and manages a portfolio of investment property',
      'develops and lets residential and commercial property',
      'lets and manages residential property',
      'invests in commercial property',
    ],
    customers: ['residential tenants', 'commercial occupiers', 'retail and office tenants', 'private and institutional buyers'],
    drivers: [
      'rent reviews and high occupancy across the portfolio',
      'the letting of newly completed units',
      'stable rental income and completed sales',
      'lower vacancy levels',
    ],
    strategic: [
      'A fall in property values would reduce the value of the portfolio and the security available to lenders.',
      'Demand from occupiers may weaken in a slower economy.',
    ],
    operational: ['Void periods and tenant defaults reduce rental income.', 'Maintenance and refurbishment costs may exceed expectations.'],
    regulatory: [
      'Changes to landlord regulation, energy performance standards and planning rules affect the portfolio.',
      'Leasehold and renters reform may change the terms on which property can be let.',
    ],
    outlook: [
      'The directors expect rental income to remain stable, supported by long leases.',
      'The company will continue to review opportunities to add to the portfolio where returns are attractive.',
    ],
    revenue:
      'Turnover comprises rents receivable and proceeds from the sale of development property, recognised when the property is legally completed.',
  },
  construction: {
    activity: [
      'carries out building and construction contracts',
      'provides electrical, mechanical and building services',
      'undertakes residential and commercial construction',
      'provides specialist contracting services',
    ],
    customers: [
      'housebuilders and main contractors',
      'commercial and public sector clients',
      'private customers',
      'local authorities and housing associations',
    ],
    drivers: [
      'a strong order book and the completion of several large contracts',
      'repeat work from framework agreements',
      'higher activity levels in the housing market',
      'new contracts won during the year',
    ],
    strategic: [
      'The construction market is cyclical and sensitive to interest rates and public spending.',
      'Dependence on a small number of main contractors concentrates credit risk.',
    ],
    operational: [
      'Increases in material and labour costs may not be recoverable on fixed-price contracts.',
      'Health and safety incidents on site could cause injury, delay and penalties.',
    ],
    regulatory: [
      'The Building Safety Act 2022 brings new duties for work on higher-risk buildings.',
      'Construction Industry Scheme and domestic reverse charge VAT rules must be applied correctly.',
    ],
    outlook: [
      'The directors expect activity to remain steady with a healthy order book.',
      'The company continues to tender selectively to protect margins.',
    ],
    revenue:
      'Turnover on contracts is recognised by reference to the stage of completion of the contract activity at the balance sheet date.',
  },
  retail: {
    activity: [
      'operates retail stores and an online shop',
      'sells consumer goods online and through stores',
      'operates specialist retail outlets',
      'retails goods to consumers',
    ],
    customers: ['consumers across the UK', 'online customers', 'local customers'],
    drivers: ['growth in online sales', 'new store openings', 'stronger trading in the key seasonal period', 'improved product ranges'],
    strategic: [
      'Weak consumer confidence and competition from larger retailers and marketplaces could reduce sales.',
      'Changes in shopping habits towards online channels require continued investment.',
    ],
    operational: [
      'Supply chain disruption could affect stock availability.',
      'Rising rents, business rates and wage costs put pressure on margins.',
    ],
    regulatory: [
      'Consumer protection, product safety and packaging rules must be met.',
      'Increases in the National Living Wage affect staff costs.',
    ],
    outlook: [
      'The directors remain cautious about consumer spending but expect online growth to continue.',
      'The company will focus on margin and stock management.',
    ],
    revenue: 'Turnover represents sales of goods to customers, net of returns and VAT, recognised when the goods are delivered.',
  },
  wholesale: {
    activity: [
      'distributes goods to trade customers',
      'imports and wholesales products',
      'supplies trade and retail customers',
      'operates as a specialist distributor',
    ],
    customers: ['retailers', 'trade customers', 'manufacturers', 'customers in the UK and Europe'],
    drivers: [
      'new supply agreements and wider product ranges',
      'higher volumes with key accounts',
      'price increases passed through to customers',
      'export growth',
    ],
    strategic: [
      'The loss of a key supplier or customer account would affect turnover.',
      'Margins are exposed to competition and price deflation.',
    ],
    operational: ['Disruption to shipping and logistics could delay deliveries.', 'Stock obsolescence may require write-downs.'],
    regulatory: [
      'Customs and import rules following the UK exit from the EU add cost and complexity.',
      'Product compliance rules apply to the goods distributed.',
    ],
    outlook: [
      'The directors expect steady demand and will continue to widen the product range.',
      'Working capital will be managed closely.',
    ],
    revenue: 'Turnover represents the value of goods sold, excluding VAT, recognised on delivery to the customer.',
  },
  hospitality: {
    activity: [
      'operates restaurants and bars',
      'runs hotels and hospitality venues',
      'provides catering and events services',
      'operates cafés and takeaway outlets',
    ],
    customers: ['local and visiting customers', 'corporate and private event clients', 'tourists and business travellers'],
    drivers: [
      'higher covers and average spend',
      'the recovery in trade after the lockdowns',
      'strong trading over the summer and festive periods',
      'new menus and events',
    ],
    strategic: [
      'Hospitality demand depends on consumer confidence and disposable income.',
      'Competition for sites and customers is intense.',
    ],
    operational: ['Food, energy and staff costs have risen sharply.', 'Recruiting and retaining staff remains difficult.'],
    regulatory: [
      'Food safety, licensing and employment rules must be met at every site.',
      'Changes to employer National Insurance and the National Living Wage increase costs.',
    ],
    outlook: [
      'The directors expect trading to remain resilient though cost pressures will continue.',
      'The company will continue to invest in its sites.',
    ],
    revenue: 'Turnover represents food, drink and accommodation sales, net of VAT and discounts, recognised at the point of sale.',
  },
  food: {
    activity: [
      'manufactures food and drink products',
      'produces chilled and ambient food for retailers',
      'bakes and distributes bread and cakes',
      'brews and distributes beers and drinks',
    ],
    customers: [
      'major supermarkets',
      'food service operators',
      'wholesalers and independent retailers',
      'customers in the UK and export markets',
    ],
    drivers: [
      'new product listings with major retailers',
      'price increases agreed with customers',
      'higher volumes from new contracts',
      'growth in own-label supply',
    ],
    strategic: [
      'Dependence on a small number of large retail customers gives them strong buying power.',
      'Changing consumer tastes require continued product development.',
    ],
    operational: [
      'Ingredient, packaging and energy prices are volatile.',
      'A food safety incident or product recall would damage the business.',
    ],
    regulatory: [
      'Food safety, labelling and HFSS advertising rules must be met.',
      'Packaging extended producer responsibility rules add cost.',
    ],
    outlook: ['The directors expect volumes to grow with new listings.', 'Investment in automation will improve efficiency.'],
    revenue: 'Turnover represents the invoiced value of goods supplied, net of VAT, rebates and discounts, recognised on delivery.',
  },
  engineering: {
    activity: [
      'designs and manufactures engineered components',
      'provides precision engineering and machining services',
      'manufactures industrial equipment',
      'provides engineering, maintenance and installation services',
    ],
    customers: [
      'aerospace, automotive and defence customers',
      'industrial customers',
      'OEMs in the UK and Europe',
      'energy and utilities customers',
    ],
    drivers: [
      'a stronger order intake from key customers',
      'new programmes entering production',
      'higher aftermarket and service revenue',
      'export growth',
    ],
    strategic: ['Demand in end markets such as automotive and aerospace is cyclical.', 'Customers may move work to lower-cost countries.'],
    operational: ['Raw material and energy prices affect margins.', 'Skills shortages may limit capacity.'],
    regulatory: [
      'Export controls and quality accreditations must be maintained.',
      'Health and safety regulation applies to manufacturing operations.',
    ],
    outlook: [
      "The order book supports the directors' expectation of continued growth.",
      'Investment in new machinery will increase capacity.',
    ],
    revenue: 'Turnover represents the value of goods and services supplied, recognised when the risks and rewards pass to the customer.',
  },
  transport: {
    activity: [
      'provides road haulage and logistics services',
      'operates passenger transport services',
      'provides courier and delivery services',
      'provides warehousing and distribution',
    ],
    customers: ['retail and manufacturing customers', 'private and corporate passengers', 'online retailers', 'customers across the UK'],
    drivers: [
      'new contracts and higher volumes',
      'the recovery in passenger numbers',
      'growth in e-commerce deliveries',
      'improved fleet utilisation',
    ],
    strategic: ['Competition and customer pressure on rates affect margins.', 'Loss of a major contract would reduce volumes.'],
    operational: ['Fuel prices and driver shortages affect costs.', 'Vehicle accidents could cause injury and claims.'],
    regulatory: [
      "Operator licensing, drivers' hours and vehicle emissions rules must be met.",
      'Clean air zones in major cities affect fleet costs.',
    ],
    outlook: ['The directors expect volumes to grow steadily.', 'The fleet renewal programme will continue.'],
    revenue: 'Turnover represents charges for transport and logistics services, recognised as the services are performed.',
  },
  health: {
    activity: [
      'provides healthcare services',
      'operates care homes',
      'provides domiciliary care services',
      'operates dental and medical practices',
    ],
    customers: ['private patients', 'local authorities and the NHS', 'residents and their families'],
    drivers: ['higher occupancy and fee rates', 'new contracts with commissioners', 'growth in private patient numbers', 'new services'],
    strategic: ['Local authority fee rates may not keep pace with costs.', 'Demand depends on public funding decisions.'],
    operational: ['Recruiting and retaining care and clinical staff is difficult.', 'Quality failures could lead to regulatory action.'],
    regulatory: [
      'The company is regulated by the Care Quality Commission (or its devolved equivalents).',
      'Changes to immigration rules affect recruitment of overseas staff.',
    ],
    outlook: ['The directors expect demand for services to remain strong.', 'The company will continue to invest in staff and quality.'],
    revenue: 'Turnover represents fees for care and treatment provided, recognised as services are delivered.',
  },
  personal: {
    activity: [
      'provides services to consumers and businesses',
      'operates motor sales and servicing',
      'provides cleaning and facilities services',
      'operates salons and wellbeing services',
    ],
    customers: ['local customers', 'domestic and commercial customers', 'private customers'],
    drivers: ['higher customer numbers', 'price increases', 'new service lines', 'repeat business'],
    strategic: ['Demand depends on consumer spending.', 'Local competition affects pricing.'],
    operational: ['Staff availability and wage costs affect margins.', 'Supplier price increases may not be passed on.'],
    regulatory: ['Employment and health and safety rules apply.', 'Consumer protection rules apply to sales.'],
    outlook: ['The directors expect steady trading.', 'The company will continue to build its customer base.'],
    revenue: 'Turnover represents the value of services provided and goods sold, net of VAT.',
  },
  support: {
    activity: [
      'provides business support services',
      'supplies temporary and permanent staff',
      'provides security services',
      'provides equipment hire services',
    ],
    customers: ['businesses across the UK', 'public sector clients', 'corporate customers'],
    drivers: ['new contracts and higher volumes', 'growth with existing clients', 'demand for outsourced services', 'pricing'],
    strategic: ['Contracts may be lost at re-tender.', 'Competition affects margins.'],
    operational: ['Wage inflation affects costs.', 'Service failures could lead to contract penalties.'],
    regulatory: ['Employment regulation and licensing apply.', 'Changes to employer costs affect margins.'],
    outlook: ['The directors expect growth from new contracts.', 'The company will continue to invest in systems.'],
    revenue: 'Turnover represents amounts receivable for services provided, recognised as the services are delivered.',
  },
  finance: {
    activity: [
      'is a holding and investment company',
      'provides financial and insurance services',
      'manages investments and provides finance',
      'acts as the holding company of a group',
    ],
    customers: ['group companies', 'private and corporate clients', 'investors'],
    drivers: [
      'dividends and interest from investments',
      'growth in assets under management',
      'new lending and fee income',
      'gains on investments',
    ],
    strategic: ['The value of investments depends on market conditions.', 'The performance of subsidiaries determines dividend income.'],
    operational: ['Operational and IT failures could cause losses.', 'Reliance on key individuals.'],
    regulatory: ['Regulated activities are subject to FCA rules.', 'Changes to tax rules affect returns.'],
    outlook: [
      'The directors expect the company to continue as a holding and investment company.',
      'Opportunities for further investment will be considered.',
    ],
    revenue: 'Income comprises dividends, interest and fees, recognised when the right to receive them is established.',
  },
  energy: {
    activity: [
      'develops and operates renewable energy projects',
      'generates and supplies electricity',
      'provides waste management and recycling',
      'owns and operates wind and solar assets',
    ],
    customers: ['energy suppliers under power purchase agreements', 'commercial and industrial customers', 'local authorities'],
    drivers: [
      'higher generation from new capacity',
      'wholesale power prices and PPA pricing',
      'new projects commissioned',
      'higher volumes of material processed',
    ],
    strategic: [
      'Wholesale energy prices are volatile and affect revenue.',
      'Changes in government support schemes affect project returns.',
    ],
    operational: ['Generation depends on weather conditions and asset availability.', 'Grid connection delays may postpone new projects.'],
    regulatory: [
      'Ofgem regulation, planning consent and environmental permits are required.',
      'The Electricity Generator Levy and market reforms affect returns.',
    ],
    outlook: ['The directors expect generation capacity to grow as projects complete.', 'The company continues to develop its pipeline.'],
    revenue: 'Turnover represents sales of electricity and related benefits, recognised on generation, and fees for services provided.',
  },
  creative: {
    activity: [
      'provides education and training',
      'produces media and creative content',
      'organises events and cultural activities',
      'provides sport and leisure activities',
    ],
    customers: ['learners and employers', 'broadcasters and brands', 'members and the public', 'schools and community groups'],
    drivers: ['higher participation', 'new commissions', 'growth in events', 'new funding and grants'],
    strategic: ["Funding and commissioning decisions are outside the company's control.", 'Audience tastes change quickly.'],
    operational: ['Reliance on freelance and key staff.', 'Costs of venues and production have risen.'],
    regulatory: ['Safeguarding and funding conditions must be met.', 'Licensing applies to events.'],
    outlook: ['The directors expect activity levels to remain steady.', 'New programmes are planned for the coming year.'],
    revenue: 'Turnover represents fees, grants and income from activities, recognised when the activity takes place.',
  },
  agriculture: {
    activity: [
      'operates arable and livestock farming',
      'grows and sells crops',
      'provides agricultural contracting services',
      'operates fishing and aquaculture',
    ],
    customers: ['processors and merchants', 'supermarkets', 'local customers'],
    drivers: ['higher yields and commodity prices', 'good harvest conditions', 'new contracts', 'diversification income'],
    strategic: ['Commodity prices are volatile.', 'Changes to agricultural support schemes affect income.'],
    operational: ['Weather and disease affect yields.', 'Input costs such as fertiliser and fuel are volatile.'],
    regulatory: [
      'Environmental and animal welfare rules apply.',
      'The transition to environmental land management schemes changes support payments.',
    ],
    outlook: ['The directors expect steady trading subject to weather and prices.', 'Investment in equipment will continue.'],
    revenue: 'Turnover represents sales of produce and services, recognised on delivery.',
  },
  dormant: {
    activity: ['did not trade during the year'],
    customers: ['-'],
    drivers: ['-'],
    strategic: ['-'],
    operational: ['-'],
    regulatory: ['-'],
    outlook: ['The company is expected to remain dormant.'],
    revenue: 'The company did not trade.',
  },
};

const FINANCIAL_RISKS = [
  'The company manages liquidity by monitoring cash flow forecasts and keeping committed facilities in place.',
  'Credit risk on trade debtors is managed through credit checks and regular monitoring of balances.',
  'Borrowings at variable rates expose the company to movements in interest rates.',
  'Exposure to foreign exchange movements arises on purchases and sales in other currencies.',
];
const OTHER_RISKS = [
  'Climate-related risks, including extreme weather and the transition to net zero, could affect operations and costs.',
  'Geopolitical events and economic uncertainty could affect demand and supply chains.',
  "The loss of key management could affect delivery of the company's strategy.",
];

const PRACTICE_ENDINGS = [
  '& Co',
  'Accountants Limited',
  'Chartered Accountants',
  'Accountancy Limited',
  'LLP',
  '& Partners',
  'Associates Limited',
];

/** A local accountancy practice ("Hargreaves & Co", "Shah Pemberton Accountants Limited"). */
function accountants(rng: Rng, plan: CompanyPlan): string {
  const first = rng.pick(SURNAMES);
  const second = rng.chance(0.4) ? ` ${rng.pick(SURNAMES)}` : rng.chance(0.2) ? ` ${plan.town.name}` : '';
  return `${first}${second} ${rng.pick(PRACTICE_ENDINGS)}`;
}

function pct(now: number, before: number): string {
  return formatPercent(Math.abs(now - before) / Math.abs(before));
}

export interface SummaryInput {
  plan: CompanyPlan;
  period: Period;
  figures: Figures;
  previous: Figures | null;
  /** A lender that took a charge during the year, for a highlight. */
  newFacility: string | null;
}

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The summary of one accounts document. */
export function documentSummary(input: SummaryInput, rng: Rng): DocumentSummaryRow {
  const { plan, period, figures: f, previous: p } = input;
  const text = T[plan.sector.id];
  const name = displayName(plan);
  const c = plan.currency;
  const detailed = plan.size !== 'micro';
  const yearEnd = longDate(period.end);
  // The sector's phrase is drawn either way, so the rest of the dataset stays as it was.
  const sectorActivity = rng.pick(text.activity);
  const activity = (plan.sector.id === 'dormant' ? null : sicActivity(plan.sic[0], plan.index)) ?? sectorActivity;
  const customers = rng.pick(text.customers);

  const business =
    `${name} ${activity} for ${customers}. ` +
    `The company operates from ${plan.town.name}${f.employees > 1 ? ` and employed an average of ${f.employees} people during the year` : ''}.` +
    (plan.listed
      ? ` Its shares are traded on the ${plan.listed.exchange === 'AIM' ? 'AIM market of the London Stock Exchange' : 'Main Market of the London Stock Exchange'} (${plan.listed.ticker}).`
      : '');

  const parts: string[] = [];
  const months = Math.round((period.end - period.start + 1) / 30.44);
  const term = months >= 11 && months <= 13 ? 'year' : 'period';
  if (p) {
    parts.push(
      `Turnover for the ${term} ended ${yearEnd} ${f.turnover >= p.turnover ? 'increased' : 'decreased'} by ${pct(f.turnover, p.turnover)} to ${formatCompact(f.turnover, c)} (previous year: ${formatCompact(p.turnover, c)}), reflecting ${rng.pick(text.drivers)}.`,
    );
  } else {
    parts.push(`Turnover for the ${term} ended ${yearEnd} was ${formatCompact(f.turnover, c)}, reflecting ${rng.pick(text.drivers)}.`);
  }
  const margin = f.operatingProfit / f.turnover;
  parts.push(
    f.operatingProfit >= 0
      ? `Operating profit was ${formatCompact(f.operatingProfit, c)}, a margin of ${formatPercent(margin)}${p && p.turnover ? ` (previous year: ${formatPercent(p.operatingProfit / p.turnover)})` : ''}.`
      : `The company made an operating loss of ${formatCompact(-f.operatingProfit, c)} as costs rose faster than income.`,
  );
  if (detailed) {
    parts.push(`EBITDA was ${formatCompact(f.ebitda, c)} and the company ended the year with cash of ${formatCompact(f.cash, c)}.`);
    parts.push(
      f.netAssets >= 0
        ? `Net assets at the year end were ${formatCompact(f.netAssets, c)}.`
        : `At the year end the company had net liabilities of ${formatCompact(-f.netAssets, c)}; the directors have considered going concern.`,
    );
  } else if (f.netAssets < 0) {
    parts.push(`Net liabilities at the year end were ${formatCompact(-f.netAssets, c)}.`);
  }

  const highlights: string[] = [];
  if (p)
    highlights.push(
      `Turnover ${f.turnover >= p.turnover ? 'up' : 'down'} ${pct(f.turnover, p.turnover)} to ${formatCompact(f.turnover, c)}`,
    );
  else highlights.push(`Turnover of ${formatCompact(f.turnover, c)}`);
  highlights.push(
    f.operatingProfit >= 0 ? `Operating margin of ${formatPercent(margin)}` : `Operating loss of ${formatCompact(-f.operatingProfit, c)}`,
  );
  if (detailed) highlights.push(`EBITDA of ${formatCompact(f.ebitda, c)}`);
  highlights.push(`Year-end cash of ${formatCompact(f.cash, c)}`);
  if (input.newFacility && detailed) highlights.push(`New secured facility agreed with ${input.newFacility}`);
  if (detailed && p && f.employees !== p.employees)
    highlights.push(`Average headcount ${f.employees > p.employees ? 'increased' : 'reduced'} to ${f.employees}`);

  const page = SUMMARY_PAGES;
  const risks: DocumentSummaryRow['risks'] = [
    { riskCategory: 'Strategic', riskDescription: rng.pick(text.strategic), pageNumbers: [page.risks] },
    { riskCategory: 'Operational', riskDescription: rng.pick(text.operational), pageNumbers: [page.risks] },
  ];
  if (detailed || rng.chance(0.35))
    risks.push({
      riskCategory: 'Financial',
      riskDescription: c === 'GBP' ? rng.pick(FINANCIAL_RISKS.slice(0, 3)) : FINANCIAL_RISKS[3],
      pageNumbers: [page.risks],
    });
  if (detailed) risks.push({ riskCategory: 'Regulatory', riskDescription: rng.pick(text.regulatory), pageNumbers: [page.risks] });
  if (plan.size === 'large' || plan.suggested || (detailed && rng.chance(0.3)))
    risks.push({ riskCategory: 'Other', riskDescription: rng.pick(OTHER_RISKS), pageNumbers: [page.risks] });

  const outlook = rng.sample(text.outlook, detailed ? 2 : 1).map((o) => ({ outlookItem: o, pageNumbers: [page.futureOutlook] }));

  const framework =
    plan.accountsType === 'micro-entity'
      ? 'prepared under FRS 105, the micro-entities regime'
      : plan.size === 'small'
        ? 'prepared under FRS 102 Section 1A (small entities) and the Companies Act 2006'
        : 'prepared under FRS 102 and the Companies Act 2006';
  const policies = [
    `Basis of preparation: the financial statements are ${framework}, under the historical cost convention, in ${c === 'GBP' ? 'pounds sterling' : c === 'EUR' ? 'euros' : 'US dollars'}.`,
    `Turnover: ${text.revenue}`,
  ];
  if (detailed) {
    policies.unshift(
      f.netAssets < 0 || f.netProfit < 0
        ? 'Going concern: forecasts for twelve months from approval, with the continued support of lenders and shareholders, show the company can meet its liabilities as they fall due.'
        : 'Going concern: the directors expect the company to have adequate resources to continue in operation for the foreseeable future.',
    );
    policies.push(
      'Tangible fixed assets are stated at cost less straight-line depreciation: buildings 50 years, plant and machinery 4-10 years, equipment 3-5 years.',
    );
  }
  let auditorName: string | null;
  let opinion: string | null;
  if (plan.audited) {
    const tier =
      plan.size === 'large'
        ? rng.chance(0.6)
          ? 'big4'
          : 'mid'
        : plan.size === 'medium'
          ? rng.chance(0.15)
            ? 'big4'
            : rng.chance(0.7)
              ? 'mid'
              : 'local'
          : rng.chance(0.7)
            ? 'local'
            : 'mid';
    auditorName = plan.suggested?.auditor ?? AUDITORS[tier].pick(rng).name;
    const result = f.netProfit >= 0 ? 'profit' : 'loss';
    const trueFair = `the financial statements give a true and fair view of the state of the company's affairs as at ${yearEnd} and of its ${result} for the year then ended`;
    const roll = rng.next();
    opinion =
      f.netAssets < 0 && roll < 0.5
        ? `Unqualified opinion with a material uncertainty related to going concern: in our opinion ${trueFair}.`
        : roll < 0.01
          ? `Qualified opinion: except for the possible effects of the matter described in the basis for qualified opinion section, ${trueFair}.`
          : roll < 0.03
            ? `Unqualified opinion with an emphasis of matter: in our opinion ${trueFair}.`
            : `Unqualified opinion: in our opinion ${trueFair}.`;
  } else {
    // Exempt from audit: the accountants who prepared the accounts report instead (not an opinion).
    auditorName = accountants(rng, plan);
    opinion = notAuditedOpinion(auditorName);
  }

  return {
    company_number: plan.number,
    document_id: period.documentId!,
    fiscal_year: Number(yearEnd.slice(-4)),
    business_overview: sentence(business),
    management_discussion: { value: parts.join(' '), pageNumbers: [page.managementDiscussion] },
    risks,
    key_highlights: highlights.slice(0, detailed ? 5 : 3).map((h) => ({ highlight: h, pageNumbers: [page.keyHighlights] })),
    future_outlook: outlook,
    accounting_policies: policies.map((policy) => ({ policy, pageNumbers: [page.accountingPolicies] })),
    auditor_name: auditorName,
    auditor_opinion: opinion,
  };
}
