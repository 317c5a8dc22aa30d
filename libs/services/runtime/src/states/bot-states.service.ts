import { Injectable } from '@nestjs/common';
import {
  ApiError,
  Errors,
  GetOrSetStateBody,
  newId,
  PatchStateBody,
  RuntimeStateResponse,
  RuntimeStateWriteResponse,
  SetStateBody,
  SetStateExpiryBody,
  StateParams,
} from '@platform/contracts';
import { isForeignKeyViolation } from '@platform/persistence';
import { BotAccess } from '@platform/bot-access';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { UsersRepository } from '../users/users.repository';
import { toRuntimeStateResponse, toRuntimeStateWriteResponse } from './state-view';
import { isLive, StateEntity, StateKey } from './state.entity';
import { StatesRepository, StateWriter } from './states.repository';

/**
 * States through the runtime API. An expiry counts from the last write: every write of a state
 * (set, patch, a new expiry) starts its idle time again; reads do not.
 */
@Injectable()
export class BotStatesService {
  constructor(
    private readonly states: StatesRepository,
    private readonly conversations: ConversationsRepository,
    private readonly users: UsersRepository,
  ) {}

  async get(access: BotAccess, params: StateParams): Promise<RuntimeStateResponse> {
    // A live state shows its owner exists (deleting an owner deletes its states): one read answers.
    const state = await this.states.find(this.keyFor(access, params));
    if (isLive(state, new Date())) return toRuntimeStateResponse(state);
    // Otherwise a missing owner is the 404 to give, before the missing state.
    await this.keyOf(access, params);
    throw stateNotFound(params);
  }

  /** Replaces the payload, creating the state if needed; a null payload deletes it. */
  async set(access: BotAccess, input: StateParams & SetStateBody): Promise<RuntimeStateWriteResponse> {
    if (input.payload === null) {
      const key = await this.keyOf(access, input);
      const removed = await this.write(key, input, async (current, writer) => {
        if (!current) throw stateNotFound(input);
        await writer.remove(key);
        return current;
      });
      return toRuntimeStateWriteResponse(removed);
    }
    // The hot path: one statement, which keeps a live state's id, creation time and (with no expiry given) expiry.
    const key = this.keyFor(access, input);
    const now = new Date();
    const expiry = input.expiry ?? null;
    const given = { ...key, id: newId('state'), payload: input.payload, expiry, expiresAt: expiresAt(expiry, now), createdAt: now, updatedAt: now };
    const state = await this.ownerMustExist(input, () => this.states.replace(given, input.expiry === undefined));
    return toRuntimeStateWriteResponse(state);
  }

  /** The existing state untouched, or else a new one with this payload and expiry. */
  async getOrSet(access: BotAccess, input: StateParams & GetOrSetStateBody): Promise<RuntimeStateResponse> {
    // The usual case (a bot reading its state at each event): the state is there and is answered as
    // it is, from one read (a live state shows its owner exists); only making one takes its lock.
    const key = this.keyFor(access, input);
    const stored = await this.states.find(key);
    if (isLive(stored, new Date())) return toRuntimeStateResponse(stored);
    const state = await this.write(key, input, async (current, _writer, now) => {
      if (current) return current;
      const expiry = input.expiry ?? null;
      return { ...key, id: newId('state'), payload: input.payload, expiry, expiresAt: expiresAt(expiry, now), createdAt: now, updatedAt: now };
    });
    return toRuntimeStateResponse(state);
  }

  /**
   * Sets the given top-level properties of the payload, keeping the others. A state that does not
   * exist is 404, as in the cloud: the reference answers "the updated State … if a valid identifier
   * was provided", and the sdk creates states with setState or getOrSetState, never with a patch.
   */
  async patch(access: BotAccess, input: StateParams & PatchStateBody): Promise<RuntimeStateWriteResponse> {
    const key = await this.keyOf(access, input);
    const state = await this.write(key, input, async (current, _writer, now) => {
      if (!current) throw stateNotFound(input);
      const expiry = input.expiry === undefined ? current.expiry : input.expiry;
      return { ...current, payload: { ...current.payload, ...input.payload }, expiry, expiresAt: expiresAt(expiry, now), updatedAt: now };
    });
    return toRuntimeStateWriteResponse(state);
  }

  async setExpiry(access: BotAccess, input: StateParams & SetStateExpiryBody): Promise<RuntimeStateWriteResponse> {
    const key = await this.keyOf(access, input);
    const state = await this.write(key, input, async (current, _writer, now) => {
      if (!current) throw stateNotFound(input);
      return { ...current, expiry: input.expiry, expiresAt: expiresAt(input.expiry, now), updatedAt: now };
    });
    return toRuntimeStateWriteResponse(state);
  }

  /**
   * Runs one read-modify-write of a state under its lock. `decide` sees the live state (an
   * expired one is as good as absent) and returns the state to answer; when that is not the
   * live state itself, it is stored, taking the place of any expired row.
   */
  private async write(
    key: StateKey,
    params: StateParams,
    decide: (current: StateEntity | null, writer: StateWriter, now: Date) => Promise<StateEntity>,
  ): Promise<StateEntity> {
    return this.ownerMustExist(params, () =>
      this.states.exclusively(key, async (stored, writer) => {
        const now = new Date();
        const current = isLive(stored, now) ? stored : null;
        const next = await decide(current, writer, now);
        if (next !== current) await writer.save(next);
        return next;
      }),
    );
  }

  /** A write whose owner (conversation or user) is deleted between the check and the write is a 404. */
  private async ownerMustExist<T>(params: StateParams, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw ownerNotFound(params);
      throw error;
    }
  }

  /**
   * The key of a state, its owner not read: a conversation or user the bot does not have holds no
   * state (its states go with it), and fails a write of one (the state's foreign key), which
   * `ownerMustExist` answers as `keyOf` would.
   */
  private keyFor(access: BotAccess, params: StateParams): StateKey {
    if (params.type === 'bot' && params.id !== access.botId) throw ownerNotFound(params);
    return { botId: access.botId, type: params.type, ownerId: params.id, name: params.name };
  }

  /** The key of the state, once its owner is known to exist in the caller's bot. */
  private async keyOf(access: BotAccess, params: StateParams): Promise<StateKey> {
    const key = this.keyFor(access, params);
    const exists =
      params.type === 'conversation'
        ? (await this.conversations.find(key.botId, params.id)) !== null
        : params.type === 'user'
          ? await this.users.exists(key.botId, params.id)
          : true; // the bot's id is checked above; tasks have no record here: their states are keyed by id alone
    if (!exists) throw ownerNotFound(params);
    return key;
  }
}

function expiresAt(expiry: number | null, now: Date): Date | null {
  return expiry === null ? null : new Date(now.getTime() + expiry);
}

function stateNotFound(params: StateParams): ApiError {
  return new ApiError('ResourceNotFound', `State '${params.name}' of ${params.type} '${params.id}' not found`);
}

function ownerNotFound(params: StateParams): ApiError {
  const resource = { conversation: 'Conversation', user: 'User', bot: 'Bot', task: 'Task' }[params.type];
  return Errors.notFound(resource, params.id);
}
