// Statements compiled once per dialect, row count and columns, then run with each call's values: a group's
// multi-row inserts, the update that moves a group's pets, and reads that take no values at all.
import { randomUUID } from 'node:crypto';
import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import { compileFamilyOf } from '../dialects/compile-family.js';
import { maxGroupSize } from '../group-size.js';
import type { Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Where each parameter of a compiled statement comes from: a row's index and column, or a shared value's name. */
type Slot = readonly [row: number | typeof shared, column: string];

/** The row index of a value that every row shares (the status a group's pets move to, say). */
const shared = 'shared';

interface Compiled {
  query: CompiledQuery;
  slots: readonly Slot[];
}

/**
 * Shapes kept compiled per statement and dialect: every size of a group's inserts, up to the events of a
 * whole group of placements (two each).
 */
const maxCompiledShapes = 2 * maxGroupSize;

// A marker no constant of a query can equal by chance.
const markerPrefix = `compiled-row-${randomUUID()}:`;
const marker = (row: number | typeof shared, column: string) => `${markerPrefix}${row}:${column}`;

/** The row and column a marker names, or undefined for any other value. */
function slotOf(parameter: unknown): Slot | undefined {
  if (typeof parameter !== 'string' || !parameter.startsWith(markerPrefix)) return undefined;
  const rest = parameter.slice(markerPrefix.length);
  const colon = rest.indexOf(':');
  const row = rest.slice(0, colon);
  return [row === shared ? shared : Number(row), rest.slice(colon + 1)];
}

const markersOf = (columns: string[], row: number | typeof shared) =>
  Object.fromEntries(columns.map((column) => [column, marker(row, column)]));

/**
 * The statement `build` makes of `rows` and the values they all share, compiled once per dialect and shape:
 * building and compiling a group's statements with Kysely's builder took about a twentieth of a creation's
 * CPU (profiled; the figures are in this file's history). A shape is compiled from rows and shared values that are markers naming their
 * row and column, so that the parameters' order is read off Kysely's own compilation rather than assumed.
 * Rows that do not all hold the same columns, or hold an undefined value (which Kysely leaves out), and
 * statements with a parameter that is not a given value, or a value that is not a parameter of its own, are
 * built every time instead. A statement of no rows and no shared values (a constant query) compiles once.
 */
export function compiledRows<Row extends object, Output, Shared extends object = Record<never, never>>(
  build: (db: Db, rows: Row[], shared: Shared) => Compilable<Output>,
): (db: Db, rows: Row[], shared?: Shared) => Promise<Output[]> {
  // Keyed by the dialect's adapter: the one object a handle and its transactions share.
  const byDialect = new WeakMap<object, Map<string, Compiled | undefined>>();

  const compile = (db: Db, count: number, columns: string[], sharedNames: string[]): Compiled | undefined => {
    const markers = Array.from({ length: count }, (_, row) => markersOf(columns, row) as Row);
    const query = build(db, markers, markersOf(sharedNames, shared) as Shared).compile();
    const slots: Slot[] = [];
    for (const parameter of query.parameters) {
      const slot = slotOf(parameter);
      if (!slot) return undefined;
      slots.push(slot);
    }
    // Every value must be a parameter of its own: one written into the SQL text would be stored as a marker.
    const everyValueOnce = new Set(slots.map(([row, column]) => `${row}:${column}`)).size === slots.length;
    const values = count * columns.length + sharedNames.length;
    if (slots.length !== values || !everyValueOnce || query.sql.includes(markerPrefix)) return undefined;
    return { query, slots };
  };

  const compiledFor = (db: Db, rows: Row[], sharedValues: Shared): Compiled | undefined => {
    const columns = Object.keys(rows[0] ?? {});
    if (rows.some((row) => Object.keys(row).length !== columns.length)) return undefined;
    const sharedNames = Object.keys(sharedValues);
    // A handle with a plugin builds every time.
    const family = compileFamilyOf(db);
    if (!family) return undefined;
    let shapes = byDialect.get(family);
    if (!shapes) byDialect.set(family, (shapes = new Map()));
    const shape = `${rows.length}:${columns.join(',')}:${sharedNames.join(',')}`;
    if (!shapes.has(shape) && shapes.size < maxCompiledShapes)
      shapes.set(shape, compile(db, rows.length, columns, sharedNames));
    return shapes.get(shape);
  };

  return async (db, rows, sharedValues = {} as Shared) => {
    const compiled = compiledFor(db, rows, sharedValues);
    const parameters = compiled?.slots.map(
      ([row, column]) => ((row === shared ? sharedValues : rows[row]) as Record<string, unknown>)[column],
    );
    const query =
      compiled && parameters && !parameters.includes(undefined)
        ? { ...compiled.query, parameters }
        : build(db, rows, sharedValues).compile();
    return (await db.executeQuery<Output>(query)).rows;
  };
}
