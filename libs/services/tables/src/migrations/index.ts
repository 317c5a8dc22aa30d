import { Tables1734100000000 } from './1734100000000-tables';

/** The tables schema's migrations, oldest first. */
export const TABLES_MIGRATIONS = [Tables1734100000000];
