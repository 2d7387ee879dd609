/**
 * A lender's book (the lender_book tool's facts) confirmed by reading the lender again as the
 * creditors screener does (lender_stats and its detail views): the fact must equal the count
 * the screener shows now. It needs no company: a model may ask for a lender's book alone.
 */
import type { LenderDetail } from '@credence/shared';
import type { DataSource } from 'typeorm';
import { LenderDetailService } from '../../../platform/register/views/lender-detail.service.js';
import type { EvidenceCheck, Fact } from '../../../platform/ai/engine/types.js';
import { lenderBookValue } from '../tools/register/lender-book.tool.js';

/** Reads of one lender within an answer's checks share one query (a book states up to eight counts). */
const REUSE_MS = 10_000;

export class LenderBookCheck {
  private readonly reads = new Map<string, { at: number; detail: Promise<LenderDetail | null> }>();

  constructor(
    private readonly db: DataSource,
    private readonly now: () => number = Date.now,
  ) {}

  async check(fact: Fact): Promise<EvidenceCheck> {
    const source = fact.source;
    const name = source.kind === 'register' && source.key?.startsWith('lender:') ? source.key.slice('lender:'.length) : '';
    if (!name) return { verified: false, reason: 'The fact names no lender.' };
    const detail = await this.detail(name);
    if (!detail) return { verified: false, reason: `The creditors screener has no lender named ${name}.` };
    const value = lenderBookValue(detail, fact.key);
    return value !== null && value === fact.value
      ? { verified: true }
      : { verified: false, reason: `The creditors screener's ${fact.label} is not ${String(fact.value)}.` };
  }

  private detail(name: string): Promise<LenderDetail | null> {
    const read = this.reads.get(name);
    if (read && this.now() - read.at < REUSE_MS) return read.detail;
    for (const [key, old] of this.reads) if (this.now() - old.at >= REUSE_MS) this.reads.delete(key);
    const detail = new LenderDetailService(this.db).detail(name).catch(() => null);
    this.reads.set(name, { at: this.now(), detail });
    return detail;
  }
}
