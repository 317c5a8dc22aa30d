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
import { WebhookResolver } from '../webhooks/webhook-resolver.service';

type Request<T = Record<string, never>> = ServiceRequest<ChatCaller, T>;

@Controller()
export class UsersController {
  constructor(
    private readonly webhooks: WebhookResolver,
    private readonly bus: BusClient,
  ) {}

  /** Creates the user in the bot's data (runtime) and signs its key with the webhook's key. */
  @MessagePattern(Subjects.chat.createUser)
  async create(@Payload() { caller, input }: Request<CreateChatUserBody>): Promise<ChatUserWithKeyResponse> {
    const webhook = await this.webhooks.resolve(caller.webhookId);
    const user = await this.bus.request<ChatUserView>(Subjects.runtime.chat.createUser, { botId: webhook.botId, ...input });
    return { user, key: signUserKey(user.id, webhook.encryptionKey) };
  }

  @MessagePattern(Subjects.chat.getOrCreateUser)
  async getOrCreate(@Payload() { caller, input }: Request<UserProfileBody>): Promise<ChatUserResponse> {
    const { webhook, userId } = await this.webhooks.authenticate(caller);
    const user = await this.bus.request<ChatUserView>(Subjects.runtime.chat.getOrCreateUser, { botId: webhook.botId, ...input, id: userId });
    return { user };
  }

  @MessagePattern(Subjects.chat.getUser)
  async get(@Payload() { caller }: Request): Promise<ChatUserResponse> {
    const { webhook, userId } = await this.webhooks.authenticate(caller);
    const user = await this.bus.request<ChatUserView>(Subjects.runtime.chat.getUser, { botId: webhook.botId, id: userId });
    return { user };
  }
}
