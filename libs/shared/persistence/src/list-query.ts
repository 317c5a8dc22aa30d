import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { columnsOf, queryRows, tableOf, toEntity } from './statements';
import { clampPageSize, decodeCursor, encodeCursor, KeysetOrder, Page, PageQuery } from './keyset-page';

/**
 * The SELECT of a list (or of the first row matching a filter), written as SQL rather than
 * through TypeORM's query builder: on the list operations, building the text and mapping rows
 * to entities through the builder cost more than the rest of the service's work for the page.
 * Conditions are added one by one, each value a numbered placeholder (`param`); `page` and
 * `first` add the order and the limit, run it, and read the rows as the entity's
 * (or with the `read` given).
 */
export class ListQuery<T extends ObjectLiteral> {
  private selected: string;
  private readonly conditions: string[] = [];
  private readonly values: unknown[] = [];

  constructor(
    private readonly manager: EntityManager,
    private readonly target: EntityTarget<T>,
    /** The entity's table is `FROM table alias`; conditions name its columns `alias.column`. */
    readonly alias: string,
  ) {
    this.selected = columnsOf(manager, target, alias);
  }

  /** A placeholder standing for the value. */
  param(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** `alias."column"` of an entity property. */
  column(property: keyof T & string): string {
    const column = this.manager.connection.getMetadata(this.target).findColumnWithPropertyName(property);
    if (!column) throw new Error(`${property} is not a column of ${this.alias}'s entity`);
    return `${this.alias}.${this.manager.connection.driver.escape(column.databaseName)}`;
  }

  /** Reads these expressions instead of every column of the entity (rows are then read by the caller's `read`). */
  select(expressions: string): this {
    this.selected = expressions;
    return this;
  }

  /** Keeps the rows meeting the condition (conditions are joined with AND). */
  where(condition: string): this {
    this.conditions.push(condition);
    return this;
  }

  /** Keeps the rows whose property has this value, when one is given. */
  whereEquals(property: keyof T & string, value: unknown): this {
    return this.whereCompares(property, '=', value);
  }

  /** Keeps the rows whose property compares so to the value, when one is given. */
  whereCompares(property: keyof T & string, operator: '=' | '<' | '<=' | '>' | '>=', value: unknown): this {
    return value === undefined ? this : this.where(`${this.column(property)} ${operator} ${this.param(value)}`);
  }

  /** Keeps the rows whose property holds one of the values, when any is given. */
  whereIn(property: keyof T & string, values: readonly unknown[] | undefined): this {
    return values?.length ? this.where(`${this.column(property)} = ANY(${this.param(values)})`) : this;
  }

  /**
   * A page of the rows, in keyset order on (sort property, id): pages stay stable while rows are
   * inserted. The cursor is opaque to callers and a forged or foreign one is a 400, never a
   * wrong page. `read` turns a row into an item holding the sort and id properties.
   */
  async page<R extends ObjectLiteral = T>(order: KeysetOrder, page: PageQuery, read?: (row: Record<string, unknown>) => R): Promise<Page<R>> {
    const size = clampPageSize(page.pageSize);
    const idProperty = order.idProperty ?? 'id';
    const direction = order.direction === 'desc' ? 'DESC' : 'ASC';
    const sort = this.column(order.sortProperty as keyof T & string);
    const id = this.column(idProperty as keyof T & string);
    if (page.nextToken !== undefined) {
      const cursor = decodeCursor(page.nextToken);
      this.where(`(${sort}, ${id}) ${direction === 'ASC' ? '>' : '<'} (${this.param(new Date(cursor.s))}, ${this.param(cursor.i)})`);
    }
    const rows = await this.run(`ORDER BY ${sort} ${direction}, ${id} ${direction} LIMIT ${size + 1}`);
    const items = rows.slice(0, size).map(read ?? ((row) => this.toEntity(row) as unknown as R));
    if (rows.length <= size) return { items };
    const last = items[items.length - 1] as Record<string, unknown>;
    return { items, nextToken: encodeCursor(last[order.sortProperty] as Date, String(last[idProperty])) };
  }

  /** The first matching row in ascending (sort property, id) order, as the entity, or null. */
  async first(sortProperty: keyof T & string): Promise<T | null> {
    const [row] = await this.run(`ORDER BY ${this.column(sortProperty)} ASC, ${this.column('id' as keyof T & string)} ASC LIMIT 1`);
    return row ? this.toEntity(row) : null;
  }

  private toEntity(row: Record<string, unknown>): T {
    return toEntity(this.manager, this.target, row);
  }

  private run(tail: string): Promise<Record<string, unknown>[]> {
    const where = this.conditions.length > 0 ? ` WHERE ${this.conditions.join(' AND ')}` : '';
    const text = `SELECT ${this.selected} FROM ${tableOf(this.manager, this.target)} ${this.alias}${where} ${tail}`;
    return queryRows(this.manager, text, this.values);
  }
}
