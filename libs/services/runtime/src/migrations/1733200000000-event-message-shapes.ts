import { MigrationInterface, QueryRunner } from 'typeorm';

/** The bloc items of the JSON array at `path` turned by `item` (one SQL expression of `item`), in order. */
const mapItems = (path: string, item: string) => `(
  SELECT coalesce(jsonb_agg(${item} ORDER BY position), '[]'::jsonb)
  FROM jsonb_array_elements(${path}) WITH ORDINALITY AS items(item, position))`;

/**
 * The copies of messages that `message_created` events carry (`payload.message`, what a bot
 * reads as `event.payload.message`) take the runtime's shapes too, as the messages themselves
 * did (RuntimeShapes1733000000000): a message's metadata inside its payload, bloc items as
 * `{ type, payload }`. An event recorded before, and delivered or read after, then reaches an
 * `@botpress/sdk` bot in the shape it expects. Nothing is dropped; `down` moves it back.
 */
export class EventMessageShapes1733200000000 implements MigrationInterface {
  name = 'EventMessageShapes1733200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE "runtime"."events" SET "payload" = jsonb_set("payload", '{message}',
        (("payload" -> 'message') - 'metadata')
          || jsonb_build_object('payload', coalesce("payload" #> '{message,payload}', '{}'::jsonb) || jsonb_build_object('metadata', "payload" #> '{message,metadata}')))
      WHERE "type" = 'message_created' AND jsonb_typeof("payload" #> '{message,metadata}') = 'object'`);
    await q.query(`
      UPDATE "runtime"."events" SET "payload" = jsonb_set("payload", '{message}', ("payload" -> 'message') - 'metadata')
      WHERE "type" = 'message_created' AND ("payload" -> 'message') ? 'metadata'`);
    await q.query(`
      UPDATE "runtime"."events" SET "payload" = jsonb_set("payload", '{message,payload,items}', ${mapItems(
        `"payload" #> '{message,payload,items}'`,
        `CASE WHEN jsonb_typeof(item) = 'object' AND NOT (item ? 'payload') THEN jsonb_build_object('type', item -> 'type', 'payload', item - 'type') ELSE item END`,
      )})
      WHERE "type" = 'message_created' AND "payload" #>> '{message,type}' = 'bloc' AND jsonb_typeof("payload" #> '{message,payload,items}') = 'array'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE "runtime"."events" SET "payload" = jsonb_set("payload", '{message,payload,items}', ${mapItems(
        `"payload" #> '{message,payload,items}'`,
        `CASE WHEN jsonb_typeof(item -> 'payload') = 'object' THEN (item -> 'payload') || jsonb_build_object('type', item -> 'type') ELSE item END`,
      )})
      WHERE "type" = 'message_created' AND "payload" #>> '{message,type}' = 'bloc' AND jsonb_typeof("payload" #> '{message,payload,items}') = 'array'`);
    await q.query(`
      UPDATE "runtime"."events" SET "payload" = jsonb_set("payload", '{message}',
        ("payload" -> 'message')
          || jsonb_build_object('metadata', "payload" #> '{message,payload,metadata}', 'payload', ("payload" #> '{message,payload}') - 'metadata'))
      WHERE "type" = 'message_created' AND ("payload" #> '{message,payload}') ? 'metadata'`);
  }
}
