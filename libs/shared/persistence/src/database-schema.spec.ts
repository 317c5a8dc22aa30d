import { unreachable } from './database-schema';

describe('unreachable', () => {
  it('names a missing database and the command that creates it', () => {
    const error = Object.assign(new Error('database "bots" does not exist'), { code: '3D000' });
    expect(unreachable('postgres://app:secret@db.internal:6543/bots', error)).toBe(
      'The database "bots" does not exist on db.internal:6543; create it with `createdb -h db.internal -p 6543 -U app bots` ' +
        '(or unset DATABASE_URL and NATS_URL to run on the embedded database)',
    );
  });

  it('reports any other failure with the address, its password hidden', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(unreachable('postgres://app:secret@db.internal:6543/bots', error)).toBe(
      'Cannot reach Postgres at postgres://app:***@db.internal:6543/bots (connect ECONNREFUSED)',
    );
  });
});
