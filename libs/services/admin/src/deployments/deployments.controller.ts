import { Controller } from '@nestjs/common';
import { InternalOperations as Internal } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { DeploymentsService } from './deployments.service';

@Controller()
export class DeploymentsController {
  constructor(private readonly deployments: DeploymentsService) {}

  @Handles(Internal.botDeployment)
  deployment({ input }: OperationRequest<typeof Internal.botDeployment>) {
    return this.deployments.deployment(input.botId);
  }

  @Handles(Internal.retireDeploymentKeys)
  retireKeys({ input }: OperationRequest<typeof Internal.retireDeploymentKeys>) {
    return this.deployments.retireKeys(input.botId, input.deployedAt);
  }
}
