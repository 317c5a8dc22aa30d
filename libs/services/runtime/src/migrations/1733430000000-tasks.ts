import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tasks of a bot, in a conversation; a task's timeout is a scheduler item (kind `task_timeout`, id = the task id). */
export class Tasks1733430000000 implements MigrationInterface {
  name = 'Tasks1733430000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "runtime"."tasks" (
      "bot_id" text NOT NULL,
      "id" text NOT NULL,
      "title" text NOT NULL,
      "type" text NOT NULL,
      "data" jsonb NOT NULL,
      "status" text NOT NULL CHECK ("status" IN ('pending', 'in_progress', 'failed', 'completed', 'blocked', 'paused', 'timeout', 'cancelled')),
      "parent_task_id" text,
      "conversation_id" text NOT NULL,
      "user_id" text,
      "tags" jsonb NOT NULL,
      "failure_reason" text,
      "timeout_at" timestamptz NOT NULL,
      "created_at" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "id"),
      FOREIGN KEY ("bot_id", "conversation_id") REFERENCES "runtime"."conversations" ("bot_id", "id") ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX "tasks_created" ON "runtime"."tasks" ("bot_id", "created_at", "id")`);
    await q.query(`CREATE INDEX "tasks_conversation" ON "runtime"."tasks" ("bot_id", "conversation_id")`);
    await q.query(`CREATE INDEX "tasks_tags" ON "runtime"."tasks" USING GIN ("tags" jsonb_path_ops)`);
    await q.query(`ALTER TABLE "runtime"."schedules" DROP CONSTRAINT "schedules_kind_check"`);
    await q.query(
      `ALTER TABLE "runtime"."schedules" ADD CONSTRAINT "schedules_kind_check" CHECK ("kind" IN ('event', 'message', 'workflow_timeout', 'task_timeout'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "runtime"."schedules" WHERE "kind" = 'task_timeout'`);
    await q.query(`ALTER TABLE "runtime"."schedules" DROP CONSTRAINT "schedules_kind_check"`);
    await q.query(`ALTER TABLE "runtime"."schedules" ADD CONSTRAINT "schedules_kind_check" CHECK ("kind" IN ('event', 'message', 'workflow_timeout'))`);
    await q.query(`DROP TABLE "runtime"."tasks"`);
  }
}
