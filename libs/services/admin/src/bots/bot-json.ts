import { checkedInstance, CreateBotBody, Errors } from '@platform/contracts';

/** A bot as JSON: the createBot body that makes it (docs/contracts.md, "Bot JSON and versions"). */
export type BotJson = Omit<CreateBotBody, 'secrets' | 'dev'>;

/**
 * A bot JSON checked as a createBot body (unknown properties refused); secrets' values and `dev`
 * are not part of one.
 */
export function checkBotJson(json: Record<string, unknown>): BotJson {
  if ('secrets' in json) throw Errors.invalidPayload('botJson.secrets: a bot JSON carries no secrets; set them with updateBot');
  if ('dev' in json) throw Errors.invalidPayload('botJson.dev: whether a bot is a development bot is set when it is created');
  return checkedInstance(CreateBotBody, json, 'botJson');
}
