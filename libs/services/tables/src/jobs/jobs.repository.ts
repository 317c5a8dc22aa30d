import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { returned } from '../common/returned';

export type JobType = 'export' | 'import';
export type JobStatus = 'pending' | 'in_progress' | 'finalizing' | 'completed' | 'failed';

export interface JobRow {
  id: string;
  bot_id: string;
  table_id: string;
  type: JobType;
  status: JobStatus;
  progress: number;
  options: Record<string, unknown>;
  input_file_id: string | null;
  output_file_id: string | null;
  error: string | null;
  created_at: Date;
  updated_at: Date;
}

/** How many jobs of a table getTableJobs answers (the most recent). */
export const RECENT_JOBS = 20;

@Injectable()
export class JobsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(job: Pick<JobRow, 'id' | 'bot_id' | 'table_id' | 'type' | 'options' | 'input_file_id'>): Promise<JobRow> {
    const rows = (await this.dataSource.query(
      `INSERT INTO "tables"."jobs" ("id", "bot_id", "table_id", "type", "status", "options", "input_file_id", "created_at", "updated_at")
       VALUES ($1, $2, $3, $4, 'pending', $5, $6, now(), now()) RETURNING *`,
      [job.id, job.bot_id, job.table_id, job.type, JSON.stringify(job.options), job.input_file_id],
    )) as JobRow[];
    return rows[0];
  }

  async recent(tableId: string): Promise<JobRow[]> {
    return (await this.dataSource.query(`SELECT * FROM "tables"."jobs" WHERE "table_id" = $1 ORDER BY "created_at" DESC, "id" DESC LIMIT $2`, [
      tableId,
      RECENT_JOBS,
    ])) as JobRow[];
  }

  /** Claims a pending job (so that one replica runs it); null if another did. */
  async claim(id: string): Promise<JobRow | null> {
    const rows = returned<JobRow>(
      await this.dataSource.query(
        `UPDATE "tables"."jobs" SET "status" = 'in_progress', "updated_at" = now() WHERE "id" = $1 AND "status" = 'pending' RETURNING *`,
        [id],
      ),
    );
    return rows[0] ?? null;
  }

  /** Pending jobs left behind (a replica stopped before running them). */
  async pending(limit: number): Promise<string[]> {
    const rows = (await this.dataSource.query(`SELECT "id" FROM "tables"."jobs" WHERE "status" = 'pending' ORDER BY "created_at" LIMIT $1`, [limit])) as Array<{
      id: string;
    }>;
    return rows.map((r) => r.id);
  }

  async progress(id: string, progress: number): Promise<void> {
    await this.dataSource.query(`UPDATE "tables"."jobs" SET "progress" = $2, "updated_at" = now() WHERE "id" = $1`, [id, progress]);
  }

  /** The job's file is begun: its id is kept from now on, so that an interrupted export's file can be removed. Answers whether the job is still there. */
  async setOutput(id: string, fileId: string): Promise<boolean> {
    const rows = returned<{ id: string }>(
      await this.dataSource.query(`UPDATE "tables"."jobs" SET "output_file_id" = $2, "updated_at" = now() WHERE "id" = $1 RETURNING "id"`, [id, fileId]),
    );
    return rows.length > 0;
  }

  async clearOutput(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE "tables"."jobs" SET "output_file_id" = NULL WHERE "id" = $1`, [id]);
  }

  async exists(id: string): Promise<boolean> {
    const rows = (await this.dataSource.query(`SELECT 1 FROM "tables"."jobs" WHERE "id" = $1`, [id])) as unknown[];
    return rows.length > 0;
  }

  /** Completed with its output file, or failed (an export's unfinished file stays named until it is removed). */
  async finish(id: string, status: 'completed' | 'failed', outputFileId: string | null, error: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE "tables"."jobs" SET "status" = $2, "progress" = CASE WHEN $2 = 'completed' THEN 1 ELSE "progress" END,
         "output_file_id" = CASE WHEN $2 = 'completed' THEN $3 ELSE "output_file_id" END, "error" = $4, "updated_at" = now() WHERE "id" = $1`,
      [id, status, outputFileId, error],
    );
  }

  /** Failed exports whose unfinished file is still to be removed. */
  async unfinishedOutputs(limit: number): Promise<Array<Pick<JobRow, 'id' | 'bot_id' | 'output_file_id'>>> {
    return (await this.dataSource.query(
      `SELECT "id", "bot_id", "output_file_id" FROM "tables"."jobs" WHERE "status" = 'failed' AND "type" = 'export' AND "output_file_id" IS NOT NULL LIMIT $1`,
      [limit],
    )) as Array<Pick<JobRow, 'id' | 'bot_id' | 'output_file_id'>>;
  }

  /** Jobs that were running when their replica stopped are failed, not left running forever. */
  async failAbandoned(olderThanMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE "tables"."jobs" SET "status" = 'failed', "error" = 'The job was interrupted', "updated_at" = now()
       WHERE "status" IN ('in_progress', 'finalizing') AND "updated_at" < now() - make_interval(secs => $1)`,
      [olderThanMs / 1000],
    );
  }
}
