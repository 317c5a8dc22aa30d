import { Files1734100000000 } from './1734100000000-files';

/** The files schema's migrations, oldest first. */
export const FILES_MIGRATIONS = [Files1734100000000];
