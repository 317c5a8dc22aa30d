import { MigrationInterface, QueryRunner } from 'typeorm';

/** Workflows of a bot; a workflow's timeout is a scheduler item (kind `workflow_timeout`, id = the workflow id). */
export class Workflows1733420000000 implements MigrationInterface {
  name = 'Workflows1733420000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "runtime"."workflows" (
      "bot_id" text NOT NULL,
      "id" text NOT NULL,
      "name" text NOT NULL,
      "status" text NOT NULL CHECK ("status" IN ('pending', 'in_progress', 'failed', 'completed', 'listening', 'paused', 'timedout', 'cancelled')),
      "input" jsonb NOT NULL,
      "output" jsonb NOT NULL,
      "parent_workflow_id" text,
      "conversation_id" text,
      "user_id" text,
      "tags" jsonb NOT NULL,
      "failure_reason" text,
      "timeout_at" timestamptz NOT NULL,
      "completed_at" timestamptz,
      "created_at" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "id"))`);
    await q.query(`CREATE INDEX "workflows_created" ON "runtime"."workflows" ("bot_id", "created_at", "id")`);
    await q.query(`CREATE INDEX "workflows_tags" ON "runtime"."workflows" USING GIN ("tags" jsonb_path_ops)`);
    await q.query(`ALTER TABLE "runtime"."schedules" DROP CONSTRAINT "schedules_kind_check"`);
    await q.query(`ALTER TABLE "runtime"."schedules" ADD CONSTRAINT "schedules_kind_check" CHECK ("kind" IN ('event', 'message', 'workflow_timeout'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "runtime"."schedules" WHERE "kind" = 'workflow_timeout'`);
    await q.query(`ALTER TABLE "runtime"."schedules" DROP CONSTRAINT "schedules_kind_check"`);
    await q.query(`ALTER TABLE "runtime"."schedules" ADD CONSTRAINT "schedules_kind_check" CHECK ("kind" IN ('event', 'message'))`);
    await q.query(`DROP TABLE "runtime"."workflows"`);
  }
}
