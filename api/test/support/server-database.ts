import pg from 'pg';

/** `base` (DATABASE_URL) with another database name. */
export function serverDatabaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the server (CREATE/DROP DATABASE), in a connection of its own. */
export async function serverQuery(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
