import pg from 'pg';

/** `url` with its database name replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Database names are ours (lowercase words and digits); quoting keeps CREATE/DROP safe regardless. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Runs `work` on a short-lived connection to TEST_DATABASE_URL's own database (for CREATE/DROP DATABASE). */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot connect to TEST_DATABASE_URL (${url}): ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
