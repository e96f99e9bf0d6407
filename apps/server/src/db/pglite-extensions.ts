/**
 * The contrib extensions the migrations create (search: pg_trgm, unaccent). PostgreSQL ships them; PGlite
 * must be handed them when it is opened, or `create extension` fails. Every PGlite that runs the
 * migrations is opened with these.
 */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  return { pg_trgm, unaccent };
}
