import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader } from '@nestjs/swagger';

/** Credential and workspace headers of the admin API (DESIGN §5), for the document. */
export const AdminHeaders = (workspaceRequired = true) =>
  applyDecorators(
    ApiBearerAuth(),
    ApiHeader({ name: 'x-workspace-id', required: workspaceRequired, description: 'Workspace the request acts in' }),
  );
