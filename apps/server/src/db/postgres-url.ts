/** Where postgres.js should connect: the URL it reads, and the Unix socket's path when there is one. */
export interface PostgresTarget {
  url: string;
  /** A Unix socket (`{dir}/.s.PGSQL.{port}`), given to postgres.js as its `path` option. */
  socketPath?: string;
}

/**
 * libpq's form for a Unix socket, `postgresql://user@/db?host=/run/postgresql` (a `host` parameter that
 * is a directory, and optionally `port`), which postgres.js does not read: it would send `host` to the
 * server as a setting and fail. The socket becomes `socketPath`; the URL keeps the rest, with a
 * placeholder host. Any other URL is left as it is.
 */
export function postgresTarget(url: string): PostgresTarget {
  const [base = '', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  const dir = params.get('host');
  const parts = /^([a-z]+:\/\/)([^/]*)(.*)$/i.exec(base);
  if (!dir?.startsWith('/') || !parts) return { url };
  const [, scheme, authority = '', rest] = parts;
  const at = authority.lastIndexOf('@');
  const userinfo = authority.slice(0, at + 1);
  const port = params.get('port') ?? /:(\d+)$/.exec(authority.slice(at + 1))?.[1] ?? '5432';
  params.delete('host');
  params.delete('port');
  const left = params.toString();
  return {
    url: `${scheme}${userinfo}localhost${rest}${left ? `?${left}` : ''}`,
    socketPath: `${dir.replace(/\/+$/, '')}/.s.PGSQL.${port}`,
  };
}
