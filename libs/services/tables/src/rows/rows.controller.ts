import { Controller } from '@nestjs/common';
import { BotAccess } from '@platform/bot-access';
import { TablesOperations as Tables } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { RowsService } from './rows.service';

type Request<O extends (typeof Tables)[keyof typeof Tables]> = OperationRequest<O, BotAccess>;

@Controller()
export class RowsController {
  constructor(private readonly rows: RowsService) {}

  @Handles(Tables.getTableRow)
  get({ access, input }: Request<typeof Tables.getTableRow>) {
    return this.rows.get(access, input.table, input.id);
  }

  @Handles(Tables.findTableRows)
  find({ access, input }: Request<typeof Tables.findTableRows>) {
    const { table, ...body } = input;
    return this.rows.find(access, table, body);
  }

  @Handles(Tables.createTableRows)
  create({ access, input }: Request<typeof Tables.createTableRows>) {
    const { table, ...body } = input;
    return this.rows.create(access, table, body);
  }

  @Handles(Tables.updateTableRows)
  update({ access, input }: Request<typeof Tables.updateTableRows>) {
    const { table, ...body } = input;
    return this.rows.update(access, table, body);
  }

  @Handles(Tables.upsertTableRows)
  upsert({ access, input }: Request<typeof Tables.upsertTableRows>) {
    const { table, ...body } = input;
    return this.rows.upsert(access, table, body);
  }

  @Handles(Tables.deleteTableRows)
  delete({ access, input }: Request<typeof Tables.deleteTableRows>) {
    const { table, ...body } = input;
    return this.rows.delete(access, table, body);
  }
}
