import type { DataSource, EntityManager } from 'typeorm';
import { catalogueConcepts, type UsFact } from '@credence/shared';

const CONCEPTS = [...catalogueConcepts()];

interface FactRow {
  concept: string;
  unit: string;
  period_start: string | null;
  period_end: string;
  val: string;
  accn: string;
  form: string;
  filed: string;
  frame: string | null;
  fy: number | null;
  fp: string | null;
}

/** A company's stored facts of the catalogue's concepts, as the shared KPI rules read them. */
export async function loadFacts(db: DataSource | EntityManager, cik: number): Promise<UsFact[]> {
  const rows: FactRow[] = await db.query(
    `SELECT concept, unit, to_char(period_start, 'YYYY-MM-DD') AS period_start, to_char(period_end, 'YYYY-MM-DD') AS period_end,
            val::text AS val, accn, form, to_char(filed, 'YYYY-MM-DD') AS filed, frame, fy, fp
     FROM us_facts WHERE cik = $1 AND concept = ANY($2::text[])`,
    [cik, CONCEPTS],
  );
  return rows.map((r) => ({
    concept: r.concept,
    unit: r.unit,
    start: r.period_start,
    end: r.period_end,
    val: Number(r.val),
    accn: r.accn,
    form: r.form,
    filed: r.filed,
    frame: r.frame,
    fy: r.fy,
    fp: r.fp,
  }));
}
