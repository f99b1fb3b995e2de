/** What the global setups hand to the test files (`inject(...)` from vitest). */
export interface PostgresTemplate {
  /** TEST_DATABASE_URL: the server and an existing database to connect to for CREATE/DROP DATABASE. */
  url: string;
  /** The migrated template database that each test file copies. */
  template: string;
  /** Prefix of the per-file databases of this run; the global teardown drops whatever is left. */
  prefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data directory, dumped as an uncompressed tarball. */
    pgliteSnapshot?: string;
    postgresTemplate?: PostgresTemplate;
  }
}
