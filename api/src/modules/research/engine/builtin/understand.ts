/**
 * Understanding a question (no model): which analyses it asks for, the company (the chat's, or
 * a number or registered name in the question, resolved with the company_search tool), the
 * years, metrics and lender names, and what it asks that no data here holds. Questions are
 * data: nothing in them is run, only matched against fixed patterns.
 */
import { normaliseCompanyNumber } from '../../../../platform/register/company-search.repository.js';
import type { ResearchRequest, ToolContext } from '../../../../platform/ai/engine/types.js';
import type { ToolRegistry, Understanding } from '../../../../platform/ai/engine/analysis.js';
import type { AnalysisId } from './analysis-ids.js';
import {
  ANALYSIS_PATTERNS,
  BARE_PROFIT,
  LENDER_PATTERN,
  METRIC_ANALYSIS,
  METRIC_PATTERNS,
  PARTLY_SUPPORTED,
  RATIO_ASKS,
  UNSUPPORTED,
  WEAK_SUMMARY,
} from './vocabulary.js';
import { recentYearsIn, yearRangeIn, yearsIn } from '../../../../platform/ai/engine/question-years.js';
import { correctTypos } from './typos.js';

export interface Understood extends Understanding {
  /** Things asked that no data here holds ("share price"). */
  unsupported: string[];
  /** A company was named but not found ("the text as named"). */
  companyNotFound?: string;
}

export interface ParsedQuestion {
  analyses: AnalysisId[];
  years: number[];
  recentYears?: number;
  /** A range of years or the latest N: the answer states the change across them. */
  compare?: boolean;
  metrics: string[];
  /** Ratios named (RATIO_ASKS' labels). */
  ratios: string[];
  lenders: string[];
  unsupported: string[];
  /** A company number written in the question. */
  companyNumber?: string;
  /** A company name the question seems to name ("for Thames Valley Foods"). */
  companyName?: string;
  /** The analyses were guessed (a year alone, "summary"), not asked for: a follow-up may say better. */
  guessed?: boolean;
}

const COMPANY_NUMBER =
  /\b((?:sc|ni|oc|so|nc|r0|fc|sf|nf|ge|lp|sl|ip|sp|rs|rc|zc|ce|cs|sa|se|nl|no|np|nr|nz|es|fe|gn|gs|ic|si|ac|sz|sr|oe|pc|na)?\d{6,8})\b/i;
const GENERIC_NAME =
  /^(?:the|this|that|its|their|my|our|a|an|company|companies|business|firm|group|it|them|year|years|accounts|filings?|data|uk|each|every|all|last|latest|recent)$/;
const NOT_LENDERS = /^(?:the|a|an|my|any|which|what|their|its|central|investment|each|every|main|our) /;

const NAME_AFTER =
  /\b(?:for|of|about|on|at|into)\s+([A-Za-z0-9&'.,\- ]{3,120}?)(?=\s+(?:in|for|over|during|since|from|between|and its|with)\s|[?!;:]|\.\s|\.?$)/g;
/** Runs of capitalised words ("Thames Valley Foods", "BRITANNIA ENGINEERING GROUP PLC"), joined by "&", "and", "of". */
const CAPITALISED = /\b[A-Z][A-Za-z0-9&'.-]*(?:\s+(?:&|and|of|[A-Z][A-Za-z0-9&'.-]*))*/g;
/** Capitalised words that start questions or name things, not companies. */
const NOT_NAMES =
  /^(?:what|how|who|which|when|where|why|is|are|was|were|did|does|do|can|could|show|give|tell|create|list|compare|summarise|summarize|describe|explain|and|the|a|an|fy\d*|ebitda|ebit|uk|psc|pscs|i|it|its|capital|covenant|summary|sheet|analysis|balance|risks?)$/i;

function plausibleName(raw: string): string | undefined {
  const name = raw
    .replace(/^(?:the\s+)?(?:company\s+)?/i, '')
    .replace(/['’]s?$/i, '')
    .replace(/[.,\s]+$/, '');
  const words = name
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w && !GENERIC_NAME.test(w));
  return words.length && words.some((w) => w.length >= 3) ? name : undefined;
}

/** A company name the question seems to give: after "for", "of", "about"..., else a run of capitalised words. */
function companyNameIn(query: string): string | undefined {
  for (const match of query.matchAll(NAME_AFTER)) {
    const name = plausibleName(match[1]);
    if (name) return name;
  }
  for (const match of query.matchAll(CAPITALISED)) {
    const words = match[0].split(/\s+/);
    while (words.length && NOT_NAMES.test(words[0])) words.shift();
    while (words.length && NOT_NAMES.test(words[words.length - 1])) words.pop();
    const name = words.length ? plausibleName(words.join(' ')) : undefined;
    if (name) return name;
  }
  return undefined;
}

export function parseQuestion(query: string, now: Date): ParsedQuestion {
  const text = query.toLowerCase().replace(/\s+/g, ' ');
  const numberMatch = COMPANY_NUMBER.exec(query);
  const companyNumber = numberMatch ? (normaliseCompanyNumber(numberMatch[1]) ?? undefined) : undefined;
  const corrected = correctTypos(numberMatch ? text.replace(numberMatch[1].toLowerCase(), ' ') : text);
  // A ratio named ("free cash flow", "interest cover") is answered as that ratio: its words name no other analysis or metric.
  const ratios = RATIO_ASKS.filter(([, pattern]) => pattern.test(corrected)).map(([label]) => label);
  // What no data here holds gets its own line; its words ("market capitalisation") ask for no neighbouring analysis.
  const unsupported = UNSUPPORTED.filter(([, pattern]) => pattern.test(corrected)).map(([what]) => what);
  const strip = [...RATIO_ASKS.map(([, p]) => p), ...UNSUPPORTED.filter(([what]) => !PARTLY_SUPPORTED.has(what)).map(([, p]) => p)];
  const withoutNumber = strip.reduce((t, pattern) => t.replace(new RegExp(pattern.source, 'g'), ' '), corrected);
  const analyses = ANALYSIS_PATTERNS.filter(([, pattern]) => pattern.test(withoutNumber)).map(([id]) => id);
  if (ratios.length) analyses.push('ratios');
  const metrics = METRIC_PATTERNS.filter(([, pattern]) => pattern.test(withoutNumber)).map(([key]) => key);
  const profitNamed = metrics.some((m) => /profit|ebitda|margins|tax/i.test(m));
  if (!profitNamed && BARE_PROFIT.test(withoutNumber.replace(/\bprofit and loss (account|reserve)\b/g, ''))) metrics.push('netProfitLoss');
  if (!analyses.length)
    for (const metric of metrics) {
      const analysis = METRIC_ANALYSIS[metric];
      if (analysis && !analyses.includes(analysis)) analyses.push(analysis);
    }
  // Years compared, or a year alone ("what happened in 2023?"): how the company performed then.
  const guessed = !analyses.length;
  // A year or "summary" beside what no data holds is no question of its own.
  if (!analyses.length && !unsupported.length && (yearsIn(withoutNumber, now).length || /\bcompar|\bversus\b|\bvs\b/.test(withoutNumber)))
    analyses.push('performance');
  if (!analyses.length && !unsupported.length && WEAK_SUMMARY.test(withoutNumber)) analyses.push('summary-sheet');
  const lenders = [...new Set([...withoutNumber.matchAll(LENDER_PATTERN)].map((m) => m[0]).filter((name) => !NOT_LENDERS.test(name)))];
  const range = yearRangeIn(withoutNumber, now);
  const recentYears = recentYearsIn(withoutNumber);
  return {
    analyses: [...ANALYSIS_PATTERNS.map(([id]) => id), 'ratios' as const].filter((id) => analyses.includes(id)),
    years: range ?? yearsIn(withoutNumber, now),
    recentYears,
    ...(range || (recentYears ?? 0) > 1 ? { compare: true } : {}),
    metrics,
    ratios,
    lenders,
    unsupported,
    guessed: guessed && metrics.length === 0,
    ...(companyNumber ? { companyNumber } : {}),
    ...(!companyNumber ? { companyName: companyNameIn(query) } : {}),
  };
}

const NAME_NOISE = /\b(?:limited|ltd|plc|llp|the|and|&|group|holdings?|company|co)\b/g;
const nameWords = (name: string) =>
  name
    .toLowerCase()
    .replace(NAME_NOISE, ' ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);

/** The company the question is about: the chat's, else one the question names (a number, or a name every word of which the found name holds). */
async function resolveCompany(
  request: ResearchRequest,
  parsed: ParsedQuestion,
  tools: ToolRegistry,
  ctx: ToolContext,
): Promise<{ number?: string; name?: string; notFound?: string }> {
  const chat = request.companyNumber ? normaliseCompanyNumber(request.companyNumber) : null;
  const wanted = chat ?? parsed.companyNumber;
  const search = tools.get('company_search');
  if (wanted) {
    const profile = tools.get('company_profile');
    if (!profile) return { number: wanted };
    const found = (await profile.run({ company_number: wanted }, ctx)).data as { company_name: string } | null;
    return found ? { number: wanted, name: found.company_name } : { notFound: wanted };
  }
  if (!parsed.companyName || !search) return {};
  const result = await search.run({ query: parsed.companyName, limit: 5 }, ctx);
  const companies = (result.data as { companies: { company_number: string; company_name: string }[] }).companies;
  const words = nameWords(parsed.companyName);
  const match = companies.find((c) => {
    const held = new Set(nameWords(c.company_name));
    return words.length > 0 && words.every((w) => held.has(w));
  });
  return match ? { number: match.company_number, name: match.company_name } : { notFound: parsed.companyName };
}

/**
 * A follow-up ("and in 2022?", "what about the year before?") asks what the chat's last question
 * asked, for the years or metrics it names now.
 */
export function followUp(parsed: ParsedQuestion, history: ResearchRequest['history'], now: Date): ParsedQuestion {
  const last = history.at(-1);
  if ((parsed.analyses.length && !parsed.guessed) || parsed.unsupported.length || !last) return parsed;
  if (!parsed.years.length && !parsed.recentYears && !parsed.metrics.length) return parsed;
  const before = parseQuestion(last.query, now);
  return {
    ...parsed,
    analyses: before.analyses,
    metrics: parsed.metrics.length ? parsed.metrics : before.metrics,
    ...(parsed.companyNumber ? {} : before.companyNumber ? { companyNumber: before.companyNumber } : {}),
    ...(parsed.companyName || parsed.companyNumber ? {} : before.companyName ? { companyName: before.companyName } : {}),
  };
}

export async function understand(request: ResearchRequest, tools: ToolRegistry, ctx: ToolContext, now: Date): Promise<Understood> {
  const parsed = followUp(parseQuestion(request.query, now), request.history, now);
  const company = await resolveCompany(request, parsed, tools, ctx);
  return {
    query: request.query,
    analyses: parsed.analyses,
    ...(company.number ? { companyNumber: company.number } : {}),
    ...(company.name ? { companyName: company.name } : {}),
    years: parsed.years,
    ...(parsed.recentYears ? { recentYears: parsed.recentYears } : {}),
    ...(parsed.compare ? { compare: true } : {}),
    metrics: parsed.metrics,
    ...(parsed.ratios.length ? { ratios: parsed.ratios } : {}),
    lenders: parsed.lenders,
    registryMode: Boolean(company.number) && !request.cik,
    unsupported: parsed.unsupported,
    ...(company.notFound ? { companyNotFound: company.notFound } : {}),
  };
}
