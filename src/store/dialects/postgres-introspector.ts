// What Kysely's migrator learns about the database: which schemas and tables exist. Kysely's own
// PostgreSQL introspector reads every column of every schema in the database and checks each schema's
// privileges by name, so when another deployment sharing the database is dropped meanwhile, that check fails
// ("schema … does not exist") and this deployment fails to start. This one looks at the deployment's own
// schema only, and checks no privilege by name.
import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type Dialect,
  type Kysely,
  type TableMetadata,
} from 'kysely';

/**
 * The tables of `schema`, Kysely's own among them, without their columns: the migrator, which asks for its
 * own tables, needs only their names, and nothing else in the service introspects.
 */
function deploymentIntrospector(db: Kysely<unknown>, schema: string): DatabaseIntrospector {
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = ${schema} and c.relkind in ('r', 'v', 'p')
      order by c.relname`.execute(db);
    return rows.map((row) => ({ name: row.name, schema, isView: row.kind === 'v', columns: [] }));
  };
  return {
    async getSchemas() {
      const { rows } = await sql<{
        name: string;
      }>`select nspname as name from pg_catalog.pg_namespace`.execute(db);
      return rows;
    },
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  };
}

/** Kysely's PostgreSQL dialect, introspecting the deployment's schema alone. */
export function deploymentDialect(base: PostgresDialect, schema: string): Dialect {
  return {
    createAdapter: () => base.createAdapter(),
    createDriver: () => base.createDriver(),
    createQueryCompiler: () => base.createQueryCompiler(),
    createIntrospector: (db) => deploymentIntrospector(db, schema),
  };
}
