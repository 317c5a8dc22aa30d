import { Placements1733300000000 } from './1733300000000-placements';

/** The bots schema's migrations, oldest first. */
export const BOTS_MIGRATIONS = [Placements1733300000000];
