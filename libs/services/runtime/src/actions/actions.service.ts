import { Injectable } from '@nestjs/common';
import {
  ACTION_RUN_MAX_JSON_BYTES,
  ActionRunView,
  ApiError,
  BotActionRunsQuery,
  CallActionBody,
  Errors,
  ListActionRunsResponse,
  newId,
} from '@platform/contracts';
import { pageMeta } from '@platform/persistence';
import { ActionRunEntity } from './action-run.entity';
import { ActionRunsRepository } from './action-runs.repository';

/**
 * Actions are served by integrations' code. The only integration here, the built-in chat, has
 * no actions, so a call is refused as the cloud refuses an action no installed integration
 * offers: 400 for a type that names no integration, 404 for one that does. Every call that names
 * one is kept as an action run (listActionRuns), with the refusal as its outcome.
 */
@Injectable()
export class ActionsService {
  constructor(private readonly runs: ActionRunsRepository) {}

  async call(botId: string, input: CallActionBody): Promise<never> {
    const startedAt = new Date();
    const separator = input.type.indexOf(':');
    // A type that names no integration is a malformed request, not a run of anything.
    if (separator <= 0 || separator === input.type.length - 1) {
      throw Errors.invalidPayload(`Action type '${input.type}' must be '<integration alias>:<action name>'`);
    }
    const integrationName = input.type.slice(0, separator);
    const actionType = input.type.slice(separator + 1);
    const refusal = new ApiError(
      'ResourceNotFound',
      `Action '${actionType}' not found: no integration installed on this bot as '${integrationName}' has this action`,
    );
    const kept = Buffer.byteLength(JSON.stringify(input.input)) <= ACTION_RUN_MAX_JSON_BYTES;
    await this.runs.insert({
      botId,
      id: newId('actionrun'),
      integrationName,
      actionType,
      input: kept ? input.input : null,
      output: null,
      status: 'FAILURE',
      errorMessage: refusal.message,
      durationMs: Date.now() - startedAt.getTime(),
      cached: false,
      createdAt: startedAt,
    });
    throw refusal;
  }

  async list(query: BotActionRunsQuery): Promise<ListActionRunsResponse> {
    const from = query.timestampFrom ? new Date(query.timestampFrom) : undefined;
    const until = query.timestampUntil ? new Date(query.timestampUntil) : undefined;
    if (from && until && from.getTime() > until.getTime()) throw Errors.invalidPayload('timestampFrom must not be after timestampUntil');
    const page = await this.runs.list({ botId: query.botId, integrationName: query.integrationName, from, until, nextToken: query.nextToken });
    return { data: page.items.map(toView), meta: pageMeta(page) };
  }
}

function toView(run: ActionRunEntity): ActionRunView {
  return {
    timestamp: run.createdAt.toISOString(),
    integrationName: run.integrationName,
    actionType: run.actionType,
    input: run.input ?? {},
    ...(run.input === null ? { inputTruncated: true } : {}),
    output: run.output,
    status: run.status,
    durationMs: run.durationMs,
    cached: run.cached,
    errorMessage: run.errorMessage,
  };
}
