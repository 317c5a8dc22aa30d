import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { signUserKey } from '@platform/auth';
import {
  ChatCaller,
  ChatUserResponse,
  ChatUserView,
  ChatUserWithKeyResponse,
  CreateChatUserBody,
  ServiceRequest,
  Subjects,
  UserProfileBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { RuntimeForwarder } from '../webhooks/runtime-forwarder.service';
import { WebhookResolver } from '../webhooks/webhook-resolver.service';

type Request<T = Record<string, never>> = ServiceRequest<ChatCaller, T>;

@Controller()
export class UsersController {
  constructor(
    private readonly webhooks: WebhookResolver,
    private readonly bus: BusClient,
    private readonly runtime: RuntimeForwarder,
  ) {}

  /** Creates the user in the bot's data (runtime) and signs its key with the webhook's key. */
  @MessagePattern(Subjects.chat.createUser)
  async create(@Payload() { caller, input }: Request<CreateChatUserBody>): Promise<ChatUserWithKeyResponse> {
    const webhook = await this.webhooks.resolve(caller.webhookId);
    const user = await this.bus.request<ChatUserView>(Subjects.runtime.chat.createUser, { ...input, botId: webhook.botId });
    return { user, key: signUserKey(user.id, webhook.encryptionKey) };
  }

  /** The user named by the key, created on first use (keys the caller signed itself included). */
  @MessagePattern(Subjects.chat.getOrCreateUser)
  async getOrCreate(@Payload() { caller, input }: Request<UserProfileBody>): Promise<ChatUserResponse> {
    return { user: await this.runtime.asUser<ChatUserView>(Subjects.runtime.chat.getOrCreateUser, caller, input) };
  }

  @MessagePattern(Subjects.chat.getUser)
  async get(@Payload() { caller }: Request): Promise<ChatUserResponse> {
    return { user: await this.runtime.asUser<ChatUserView>(Subjects.runtime.chat.getUser, caller) };
  }

  @MessagePattern(Subjects.chat.updateUser)
  async update(@Payload() { caller, input }: Request<UserProfileBody>): Promise<ChatUserResponse> {
    return { user: await this.runtime.asUser<ChatUserView>(Subjects.runtime.chat.updateUser, caller, input) };
  }

  @MessagePattern(Subjects.chat.deleteUser)
  delete(@Payload() { caller }: Request) {
    return this.runtime.asUser(Subjects.runtime.chat.deleteUser, caller);
  }
}
