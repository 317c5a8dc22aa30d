import { isDatabaseUnavailable } from './database-availability';

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['an administrator shutdown', { code: '57P01', message: 'terminating connection due to administrator command' }],
    ['a driver error inside a query error', { message: 'query failed', driverError: { code: '57P03', message: 'the database system is starting up' } }],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
  ])('recognises %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', { code: '23505', message: 'duplicate key value' }],
    ['a syntax error', { code: '42601', message: 'syntax error' }],
    ['nothing', null],
  ])('leaves %s alone', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
