import { Tables1734100000000 } from './1734100000000-tables';
import { ExportFiles1734200000000 } from './1734200000000-export-files';
import { TableRevisions1734300000000 } from './1734300000000-table-revisions';
import { SearchTextStatistics1734400000000 } from './1734400000000-search-text-statistics';

/** The tables schema's migrations, oldest first. */
export const TABLES_MIGRATIONS = [Tables1734100000000, ExportFiles1734200000000, TableRevisions1734300000000, SearchTextStatistics1734400000000];
