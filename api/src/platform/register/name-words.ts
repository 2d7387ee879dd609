import type { DataSource, EntityManager } from 'typeorm';

export type RefreshScope = 'all' | { companyNumbers: readonly string[] };

/** The words of a name as search and `company_name_words` split them: lower case, on spaces. */
export function nameWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
}

/**
 * Keeps `company_name_words` in step with the names. 'all' recounts every word (a few seconds at
 * a million names); a set of companies adds their words, counting each new one once, since the
 * counts only rank words by rarity and the next full refresh makes them exact again.
 */
export async function refreshNameWords(db: DataSource | EntityManager, scope: RefreshScope): Promise<void> {
  const split = `regexp_split_to_table(lower(company_name), '\\s+')`;
  if (scope === 'all') {
    await db.transaction(async (manager) => {
      await manager.query(`DELETE FROM company_name_words`);
      await manager.query(
        `INSERT INTO company_name_words (word, names)
         SELECT word, count(*) FROM companies, ${split} AS word WHERE word <> '' GROUP BY word`,
      );
    });
    return;
  }
  if (scope.companyNumbers.length === 0) return;
  await db.query(
    `INSERT INTO company_name_words (word, names)
     SELECT DISTINCT word, 1 FROM companies, ${split} AS word
      WHERE company_number = ANY($1::text[]) AND word <> ''
     ON CONFLICT (word) DO NOTHING`,
    [scope.companyNumbers],
  );
}
