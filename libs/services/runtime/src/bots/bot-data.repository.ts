import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * A bot's rows, in every table of the runtime schema that has a `bot_id` column: read from the
 * schema itself, so a table added by a migration is purged without anyone listing it.
 */
@Injectable()
export class BotDataRepository {
  private tables?: Promise<string[]>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Deletes all of the bot's rows in one transaction (a failed purge leaves nothing half gone).
   * Returns how many rows went and which conversations, whose live streams must now end.
   */
  async purge(botId: string): Promise<{ rows: number; conversationIds: string[] }> {
    const tables = await this.botTables();
    return this.dataSource.transaction(async (manager) => {
      let rows = 0;
      let conversationIds: string[] = [];
      for (const table of tables) {
        const deleted = (await manager.query(`DELETE FROM "runtime"."${table}" WHERE "bot_id" = $1 RETURNING ${table === 'conversations' ? '"id"' : '1'}`, [
          botId,
        ])) as [unknown[], number] | unknown[];
        const returned = (Array.isArray(deleted[0]) ? deleted[0] : deleted) as Array<{ id?: string }>;
        if (table === 'conversations') conversationIds = returned.map((r) => r.id!);
        rows += returned.length;
      }
      return { rows, conversationIds };
    });
  }

  /**
   * The schema's tables holding bot rows, those that reference others first, so no delete waits
   * on a cascade it could have done itself.
   */
  botTables(): Promise<string[]> {
    this.tables ??= (async () => {
      const tables = (
        (await this.dataSource.query(
          `SELECT table_name FROM information_schema.columns WHERE table_schema = 'runtime' AND column_name = 'bot_id' ORDER BY table_name`,
        )) as Array<{ table_name: string }>
      ).map((r) => r.table_name);
      const references = (await this.dataSource.query(
        `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint f
           JOIN pg_class c ON c.oid = f.conrelid JOIN pg_class p ON p.oid = f.confrelid
           JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE f.contype = 'f' AND n.nspname = 'runtime'`,
      )) as Array<{ child: string; parent: string }>;
      return referencingFirst(tables, references);
    })().catch((error) => {
      this.tables = undefined;
      throw error;
    });
    return this.tables;
  }
}

/** Tables ordered so that each comes before every table it references. */
export function referencingFirst(tables: string[], references: Array<{ child: string; parent: string }>): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    // Whatever references this table goes first.
    for (const { child } of references.filter((r) => r.parent === table && r.child !== table)) if (tables.includes(child)) visit(child);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}
