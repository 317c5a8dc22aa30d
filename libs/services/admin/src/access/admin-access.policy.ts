import { Injectable } from '@nestjs/common';
import { AdminCaller, AnyOperation, Caller, Errors } from '@platform/contracts';
import { AccessPolicy } from '@platform/messaging';
import { AccessService } from './access.service';

/**
 * The admin family's access rules: `account` operations hand their handler the caller's
 * account, `platform-owner` ones the owner's, `workspace` ones the caller's membership of the
 * `x-workspace-id` workspace (or of the one the path names) with at least the declared role
 * (`WorkspaceAccess`).
 */
@Injectable()
export class AdminAccessPolicy extends AccessPolicy {
  constructor(private readonly access: AccessService) {
    super();
  }

  protected async forCaller(operation: AnyOperation, caller: Caller, input: object): Promise<unknown> {
    const admin = caller as AdminCaller;
    switch (operation.access.kind) {
      case 'account':
        return this.access.authenticate(admin.tokenHash);
      case 'platform-owner':
        return this.access.requirePlatformOwner(admin.tokenHash);
      case 'workspace':
        if (operation.access.fromPath) return this.access.requireRoleIn(admin.tokenHash, (input as { id: string }).id, operation.access.role);
        return this.access.requireRole(admin, operation.access.role);
      default:
        throw Errors.forbidden(`${operation.name} is not an admin operation`);
    }
  }
}
