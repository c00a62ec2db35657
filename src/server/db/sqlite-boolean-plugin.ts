import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

const toSqlite = (value: unknown) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/** better-sqlite3 refuses to bind JavaScript booleans; SQLite stores them as 0 and 1. */
class BooleanToInteger extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return { ...super.transformValue(node), value: toSqlite(node.value) };
  }

  // Inserted rows arrive as lists of plain values rather than single value nodes.
  protected override transformPrimitiveValueList(
    node: PrimitiveValueListNode,
  ): PrimitiveValueListNode {
    return { ...super.transformPrimitiveValueList(node), values: node.values.map(toSqlite) };
  }
}

export class SqliteBooleanPlugin implements KyselyPlugin {
  readonly #transformer = new BooleanToInteger();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
