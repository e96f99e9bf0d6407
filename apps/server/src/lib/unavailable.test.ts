import { describe, expect, it } from 'vitest';
import { isServiceUnavailable } from './unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isServiceUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    [
      'PostgreSQL shutting down (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['PostgreSQL starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', withCode('08006')],
    ['postgres.js losing its connection', withCode('CONNECTION_CLOSED')],
    ['postgres.js connect timeout', withCode('CONNECT_TIMEOUT')],
    ['no pooled connection in time', withCode('POOL_ACQUIRE_TIMEOUT')],
    [
      'node-postgres client after a connection error',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['node-postgres pool timeout', new Error('timeout exceeded when trying to connect')],
    [
      'ioredis giving up',
      Object.assign(new Error('Reached the max retries per request limit (which is 3).'), {
        name: 'MaxRetriesPerRequestError',
      }),
    ],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED')], 'connect failed')],
    [
      'the media bucket slowing down (S3 503)',
      Object.assign(new Error('Please reduce your request rate.'), {
        name: 'SlowDown',
        $metadata: { httpStatusCode: 503, attempts: 3 },
      }),
    ],
  ])('recognises %s', (_, error) => {
    expect(isServiceUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a statement cancelled by timeout', withCode('57014')],
    [
      'a missing object (S3 404)',
      Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } }),
    ],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('leaves %s to the 500 path', (_, error) => {
    expect(isServiceUnavailable(error)).toBe(false);
  });
});
