import { describe, expect, it } from 'vitest';
import { postgresTarget } from './postgres-url.js';

describe('postgresTarget', () => {
  it('leaves a TCP URL as it is', () => {
    const url = 'postgresql://app:secret@db.example:5433/nomadas?sslmode=require';
    expect(postgresTarget(url)).toEqual({ url });
    expect(postgresTarget('postgresql://app@db.example/nomadas?host=db2.example')).toEqual({
      url: 'postgresql://app@db.example/nomadas?host=db2.example',
    });
  });

  it("reads libpq's Unix socket form into a socket path and a URL postgres.js accepts", () => {
    expect(postgresTarget('postgresql://postgres@/test?host=/var/run/postgresql')).toEqual({
      url: 'postgresql://postgres@localhost/test',
      socketPath: '/var/run/postgresql/.s.PGSQL.5432',
    });
    expect(postgresTarget('postgres:///test?host=%2Ftmp%2Fpg%2F&port=5433&application_name=x')).toEqual({
      url: 'postgres://localhost/test?application_name=x',
      socketPath: '/tmp/pg/.s.PGSQL.5433',
    });
    expect(postgresTarget('postgresql://app:p%40ss@:6000/nomadas?host=/run/pg')).toEqual({
      url: 'postgresql://app:p%40ss@localhost/nomadas',
      socketPath: '/run/pg/.s.PGSQL.6000',
    });
  });
});
