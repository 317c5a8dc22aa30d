import { Controller } from '@nestjs/common';
import { BotAccess } from '@platform/bot-access';
import { TablesOperations as Tables } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { TablesService } from './tables.service';

type Request<O extends (typeof Tables)[keyof typeof Tables]> = OperationRequest<O, BotAccess>;

@Controller()
export class TablesController {
  constructor(private readonly tables: TablesService) {}

  @Handles(Tables.listTables)
  list({ access, input }: Request<typeof Tables.listTables>) {
    return this.tables.list(access, input.tags);
  }

  @Handles(Tables.createTable)
  create({ access, input }: Request<typeof Tables.createTable>) {
    return this.tables.create(access, input);
  }

  @Handles(Tables.getTable)
  get({ access, input }: Request<typeof Tables.getTable>) {
    return this.tables.get(access, input.table);
  }

  @Handles(Tables.getOrCreateTable)
  getOrCreate({ access, input }: Request<typeof Tables.getOrCreateTable>) {
    const { table, ...body } = input;
    return this.tables.getOrCreate(access, table, body);
  }

  @Handles(Tables.updateTable)
  update({ access, input }: Request<typeof Tables.updateTable>) {
    const { table, ...body } = input;
    return this.tables.update(access, table, body);
  }

  @Handles(Tables.deleteTable)
  delete({ access, input }: Request<typeof Tables.deleteTable>) {
    return this.tables.delete(access, input.table);
  }

  @Handles(Tables.duplicateTable)
  duplicate({ access, input }: Request<typeof Tables.duplicateTable>) {
    const { sourceTableId, ...body } = input;
    return this.tables.duplicate(access, sourceTableId, body);
  }

  @Handles(Tables.renameTableColumn)
  renameColumn({ access, input }: Request<typeof Tables.renameTableColumn>) {
    const { table, ...body } = input;
    return this.tables.renameColumn(access, table, body);
  }
}
