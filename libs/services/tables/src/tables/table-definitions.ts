import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { TableRecord } from './table-record';

/** Definitions remembered by one replica; a bot's tables are few, and most bots use a handful. */
const MAX_DEFINITIONS = 5000;

/**
 * The definitions of the tables this replica has read rows of, by bot and by the name or id the
 * caller used. A remembered definition is never trusted on its own: the statement that reads the
 * rows checks that the name or id still leads to that table at that revision (`RowsRepository`,
 * `checked`) and reads nothing otherwise, so another replica's change needs no notice to be seen
 * here.
 */
@Injectable()
export class TableDefinitions {
  private readonly known = new LRUCache<string, TableRecord>({ max: MAX_DEFINITIONS });

  get(botId: string, nameOrId: string): TableRecord | undefined {
    return this.known.get(key(botId, nameOrId));
  }

  remember(botId: string, nameOrId: string, table: TableRecord): void {
    this.known.set(key(botId, nameOrId), table);
  }

  forget(botId: string, nameOrId: string): void {
    this.known.delete(key(botId, nameOrId));
  }
}

// Bot ids have no slash: the key cannot be read two ways.
const key = (botId: string, nameOrId: string) => `${botId}/${nameOrId}`;
