/** The newest installed PostgreSQL's bin directory, or why there is none. */
export declare function postgresBinaries(): { bin: string } | { missing: string };

export interface PostgresCluster {
  /** A connection string to a database of its own (`createDatabase`) or to `postgres`. */
  url(database?: string): string;
  /** Creates an empty database and answers its connection string. */
  createDatabase(): string;
  stop(): void;
}

export declare function startPostgres(bin: string): Promise<PostgresCluster>;
