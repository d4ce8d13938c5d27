// A throwaway PostgreSQL cluster for tests (scripts/postgres-cluster.mjs, which the benchmark
// uses too).
export { type PostgresCluster, postgresBinaries, startPostgres } from "../../../scripts/postgres-cluster.mjs";
