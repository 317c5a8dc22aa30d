import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The runtime keeps only runtime-shaped data; the chat integration maps its own API's shapes
 * (docs/architecture.md, "The chat integration"). What the chat API used to store beside the
 * runtime's fields moves where the cloud keeps it:
 *
 * - a message's metadata goes inside its payload (`payload.metadata`);
 * - bloc items stored flat (`{ type, text }`) become `{ type, payload: { text } }`;
 * - a conversation's owner becomes its `owner` tag, a user's profile its `profile` tag.
 *
 * Nothing is dropped before it is copied; `down` moves it back.
 */
export class RuntimeShapes1733000000000 implements MigrationInterface {
  name = 'RuntimeShapes1733000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE "runtime"."messages" SET "payload" = "payload" || jsonb_build_object('metadata', "metadata") WHERE "metadata" IS NOT NULL`);
    await q.query(`ALTER TABLE "runtime"."messages" DROP COLUMN "metadata"`);
    await q.query(`
      UPDATE "runtime"."messages" SET "payload" = jsonb_set("payload", '{items}', (
        SELECT coalesce(jsonb_agg(
          CASE WHEN jsonb_typeof(item) = 'object' AND NOT (item ? 'payload')
            THEN jsonb_build_object('type', item -> 'type', 'payload', item - 'type')
            ELSE item END
          ORDER BY position), '[]'::jsonb)
        FROM jsonb_array_elements("payload" -> 'items') WITH ORDINALITY AS items(item, position)))
      WHERE "type" = 'bloc' AND jsonb_typeof("payload" -> 'items') = 'array'`);
    await q.query(`UPDATE "runtime"."conversations" SET "tags" = "tags" || jsonb_build_object('owner', "owner_id") WHERE "owner_id" IS NOT NULL`);
    await q.query(`ALTER TABLE "runtime"."conversations" DROP COLUMN "owner_id"`);
    await q.query(`UPDATE "runtime"."users" SET "tags" = "tags" || jsonb_build_object('profile', "profile") WHERE "profile" IS NOT NULL`);
    await q.query(`ALTER TABLE "runtime"."users" DROP COLUMN "profile"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "runtime"."users" ADD COLUMN "profile" text`);
    await q.query(`UPDATE "runtime"."users" SET "profile" = "tags" ->> 'profile', "tags" = "tags" - 'profile' WHERE "tags" ? 'profile'`);
    await q.query(`ALTER TABLE "runtime"."conversations" ADD COLUMN "owner_id" text`);
    await q.query(`UPDATE "runtime"."conversations" SET "owner_id" = "tags" ->> 'owner', "tags" = "tags" - 'owner' WHERE "tags" ? 'owner'`);
    await q.query(`
      UPDATE "runtime"."messages" SET "payload" = jsonb_set("payload", '{items}', (
        SELECT coalesce(jsonb_agg(
          CASE WHEN jsonb_typeof(item -> 'payload') = 'object' THEN (item -> 'payload') || jsonb_build_object('type', item -> 'type') ELSE item END
          ORDER BY position), '[]'::jsonb)
        FROM jsonb_array_elements("payload" -> 'items') WITH ORDINALITY AS items(item, position)))
      WHERE "type" = 'bloc' AND jsonb_typeof("payload" -> 'items') = 'array'`);
    await q.query(`ALTER TABLE "runtime"."messages" ADD COLUMN "metadata" jsonb`);
    await q.query(`UPDATE "runtime"."messages" SET "metadata" = "payload" -> 'metadata', "payload" = "payload" - 'metadata' WHERE "payload" ? 'metadata'`);
  }
}
