import { Files1734100000000 } from './1734100000000-files';
import { PassageEmbeddings1734200000000 } from './1734200000000-passage-embeddings';

/** The files schema's migrations, oldest first. */
export const FILES_MIGRATIONS = [Files1734100000000, PassageEmbeddings1734200000000];
