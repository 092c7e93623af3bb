// How the sandbox names its database in messages and the start banner: where it is (host,
// port, database), never who connects or with what password. Apart from postgres.ts so the
// command can name it without loading the database client.

/** host:port/database of a postgres:// URL; never the user or password. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
    return `${host}:${parsed.port || '5432'}${parsed.pathname && parsed.pathname !== '/' ? parsed.pathname : ''}`;
  } catch {
    return 'the database named by SANDBOX_DATABASE_URL (not a valid URL)';
  }
}
