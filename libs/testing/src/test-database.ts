/** A fresh database for one test run (the persistence lib's, shared with the services' tests on Postgres). */
export { createTestDatabase, dropTestDatabase } from '@platform/persistence';
