import { DataSource } from 'typeorm';
import { Statement } from './statements';

/** A node of a plan as `EXPLAIN (ANALYZE, FORMAT JSON)` gives it, with the fields tests read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/**
 * For tests on Postgres: the nodes of the plan the statement ran with (EXPLAIN ANALYZE), the node
 * itself first, in a transaction rolled back after: what it writes is undone. `generic`: the plan
 * Postgres makes for any values, which a connection keeps for a prepared statement after a few runs.
 */
export async function executedPlan(dataSource: DataSource, { text, values }: Statement, generic = false): Promise<PlanNode[]> {
  const runner = dataSource.createQueryRunner();
  await runner.startTransaction();
  try {
    let explained = { text, values };
    if (generic) {
      await runner.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
      await runner.query(`PREPARE planned AS ${text}`);
      const literals = values.map((value) => `'${String(value).replace(/'/g, "''")}'`).join(', ');
      explained = { text: `EXECUTE planned(${literals})`, values: [] };
    }
    const [{ 'QUERY PLAN': plan }] = (await runner.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${explained.text}`, explained.values)) as Array<{
      'QUERY PLAN': Array<{ Plan: PlanNode }>;
    }>;
    return planNodes(plan[0].Plan);
  } finally {
    await runner.rollbackTransaction();
    await runner.release();
  }
}

function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}
