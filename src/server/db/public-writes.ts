import {
  AliasNode,
  ColumnNode,
  TableNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * Counts this process's own writes to what the public sees, on PostgreSQL, where the database's
 * notice of them (migration 011) comes back over the listening connection a moment after the
 * write: a guest reloading right after an admin's approval could otherwise be answered from
 * what was kept before it. The count moves as each such statement completes, which covers a
 * statement on its own; a write inside a transaction is covered again by its notice on commit.
 *
 * It watches what migration 011's triggers watch, by table (and, for the two tables most often
 * written for other reasons, by column). Getting it wider than the triggers costs this process
 * a needless refresh; it never makes an answer stale for longer than a notice takes.
 */
const watchedColumns: Record<string, ((column: string) => boolean) | undefined> = {
  article: (column) => column !== 'view_count',
  article_tag: () => true,
  publisher: () => true,
  image_variant: () => true,
  user: (column) => column === 'name' || column === 'image',
};

export class PublicWritesPlugin implements KyselyPlugin {
  /** How many watched statements this process has completed. */
  count = 0;
  readonly #pending = new WeakSet<QueryId>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (changesPublicReads(node)) this.#pending.add(queryId);
    return node;
  }

  transformResult({
    result,
    queryId,
  }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#pending.delete(queryId)) this.count += 1;
    return Promise.resolve(result);
  }
}

function changesPublicReads(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'InsertQueryNode':
      return node.into !== undefined && watchedColumns[tableName(node.into)] !== undefined;
    case 'DeleteQueryNode':
      return node.from.froms.some((from) => watchedColumns[tableName(from)] !== undefined);
    case 'UpdateQueryNode': {
      const watches = node.table && watchedColumns[tableName(node.table)];
      return (
        watches !== undefined &&
        (node.updates ?? []).some(
          ({ column }) => ColumnNode.is(column) && watches(column.column.name),
        )
      );
    }
    default:
      return false;
  }
}

/** The table a query's FROM, INTO or UPDATE names, through an alias; '' for anything else. */
function tableName(node: OperationNode): string {
  const table = AliasNode.is(node) ? node.node : node;
  return TableNode.is(table) ? table.table.identifier.name : '';
}
