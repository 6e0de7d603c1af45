import { ID_MAX, type VoteItemType } from '@certitude/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** The tables behind each kind of votable item. Names are fixed here, never taken from a request. */
const TABLES = {
  certification: {
    items: sql.raw('certifications'),
    votes: sql.raw('certification_votes'),
    key: sql.raw('certification_id'),
  },
  resource: { items: sql.raw('resources'), votes: sql.raw('resource_votes'), key: sql.raw('resource_id') },
} as const;

export interface VotableItem {
  id: number;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  submittedByUserId: number | null;
  /** The submitter's username, for the policy's ownership rule. */
  submittedBy: string | null;
  upvoteCount: number;
  downvoteCount: number;
}

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  // node-postgres and PGlite both answer raw queries with `rows`.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

function itemWhere(type: VoteItemType, idOrSlug: string): SQL {
  // Ids beyond the id column's range name nothing (and would fail the query).
  if (/^\d+$/.test(idOrSlug)) return Number(idOrSlug) <= ID_MAX ? sql`id = ${Number(idOrSlug)}` : sql`false`;
  // Only certifications have slugs; the route refuses a slug for a resource before we get here.
  return type === 'certification' ? sql`slug = ${idOrSlug.toLowerCase()}` : sql`false`;
}

/** The item with its counts and who may see it. */
export async function findVotableItem(
  db: Executor,
  type: VoteItemType,
  idOrSlug: string,
): Promise<VotableItem | undefined> {
  const t = TABLES[type];
  const [row] = await rows<{
    id: number;
    status: VotableItem['status'];
    submitted_by_id: number | null;
    submitted_by: string | null;
    up: number;
    down: number;
  }>(
    db,
    sql`select id, status, submitted_by_id, upvote_count as up, downvote_count as down,
          (select username from users u where u.id = submitted_by_id) as submitted_by
        from ${t.items} where ${itemWhere(type, idOrSlug)} limit 1`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    status: row.status,
    submittedByUserId: row.submitted_by_id === null ? null : Number(row.submitted_by_id),
    submittedBy: row.submitted_by ?? null,
    upvoteCount: Number(row.up),
    downvoteCount: Number(row.down),
  };
}

/** The member's vote on an item: 1, -1, or undefined when none. */
export async function findVoteValue(
  db: Executor,
  type: VoteItemType,
  userId: number,
  itemId: number,
): Promise<1 | -1 | undefined> {
  const t = TABLES[type];
  const [row] = await rows<{ value: number }>(
    db,
    sql`select value from ${t.votes} where user_id = ${userId} and ${t.key} = ${itemId}`,
  );
  return row ? (Number(row.value) as 1 | -1) : undefined;
}

/**
 * Applies one click in one statement, its own transaction: same direction again removes the vote, the other
 * direction switches it, none adds it (docs/product.md#voting). The item's counters move by exactly the rows this
 * statement changed, read from its own RETURNING, so they equal the rows however many clicks race.
 *
 * How a race resolves: every part reads the vote as of the statement's start. A DELETE or UPDATE that finds
 * the row changed meanwhile re-checks its condition on the newest version (PostgreSQL's read-committed rule)
 * and changes nothing if it no longer holds; an INSERT that meets a row inserted meanwhile does nothing. A
 * click that changed nothing answers `changed: false` and the member's vote as it stands.
 */
export async function applyVote(
  db: Executor,
  type: VoteItemType,
  userId: number,
  itemId: number,
  wanted: 1 | -1,
): Promise<{ changed: boolean; value: 1 | -1 | undefined; upvoteCount: number; downvoteCount: number }> {
  const t = TABLES[type];
  const [row] = await rows<{ inserted: number; switched: number; removed: number; up: number; down: number }>(
    db,
    sql`with current_vote as (
          select value from ${t.votes} where user_id = ${userId} and ${t.key} = ${itemId}
        ), removed as (
          delete from ${t.votes} where user_id = ${userId} and ${t.key} = ${itemId} and value = ${wanted}
            and exists (select 1 from current_vote where value = ${wanted})
          returning value
        ), switched as (
          update ${t.votes} set value = ${wanted}, updated_at = now()
          where user_id = ${userId} and ${t.key} = ${itemId} and value <> ${wanted}
            and exists (select 1 from current_vote where value <> ${wanted})
          returning value
        ), inserted as (
          insert into ${t.votes} (user_id, ${t.key}, value)
          select ${userId}::int, ${itemId}::int, ${wanted}::smallint where not exists (select 1 from current_vote)
          on conflict do nothing
          returning value
        ), changes as (
          select (select count(*) from inserted)::int as inserted, (select count(*) from switched)::int as switched,
                 (select count(*) from removed)::int as removed
        ), counted as (
          -- One side gains what was added or switched to it; the other loses what was removed or switched away.
          update ${t.items} set
            upvote_count = upvote_count
              + case when ${wanted}::int = 1 then c.inserted + c.switched - c.removed else -c.switched end,
            downvote_count = downvote_count
              + case when ${wanted}::int = -1 then c.inserted + c.switched - c.removed else -c.switched end
          from changes c
          where id = ${itemId}
          returning upvote_count as up, downvote_count as down
        )
        select c.inserted, c.switched, c.removed, counted.up, counted.down from changes c, counted`,
  );
  if (!row) throw new Error('the vote statement returned no row');
  const inserted = Number(row.inserted);
  const switched = Number(row.switched);
  const removed = Number(row.removed);
  const changed = inserted + switched + removed > 0;
  const value = changed ? (removed > 0 ? undefined : wanted) : await findVoteValue(db, type, userId, itemId);
  return { changed, value, upvoteCount: Number(row.up), downvoteCount: Number(row.down) };
}

/**
 * Removes every vote of one member on one kind of item and moves each item's counters by the votes removed from it,
 * in the caller's transaction (an admin's reversal, docs/product.md#reversing-votes). Returns how many were removed.
 *
 * Two statements, so that the locks come in the order a click takes them (the vote row, then the item): the DELETE
 * locks the member's vote rows and reports the item and value of each row it removed, then the items are locked in
 * id order (two reversals never wait on each other in a circle) and move by those figures. A click of the member
 * that meets a row removed here waits for the commit and then finds nothing to change; a vote cast after the DELETE
 * began is not seen and moves the counters itself. Either way every statement moves the counters by the rows it
 * changed, so they equal the rows (decision 11, docs/decisions/0028-reversing-votes.md).
 */
export async function deleteVotesOf(db: Executor, type: VoteItemType, userId: number): Promise<number> {
  const t = TABLES[type];
  const removed = await rows<{ item_id: number; up: number; down: number }>(
    db,
    sql`with removed as (
          delete from ${t.votes} where user_id = ${userId} returning ${t.key} as item_id, value
        )
        select item_id, count(*) filter (where value = 1)::int as up, count(*) filter (where value = -1)::int as down
        from removed group by item_id order by item_id`,
  );
  if (removed.length === 0) return 0;
  const ids = removed.map((r) => Number(r.item_id));
  const ups = removed.map((r) => Number(r.up));
  const downs = removed.map((r) => Number(r.down));
  const idList = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  await db.execute(sql`select id from ${t.items} where id in (${idList}) order by id for no key update`);
  const moves = sql.join(
    ids.map((id, i) => sql`(${id}::int, ${ups[i]}::int, ${downs[i]}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${t.items} set upvote_count = upvote_count - m.up, downvote_count = downvote_count - m.down
        from (values ${moves}) as m(id, up, down)
        where ${t.items}.id = m.id`,
  );
  return ups.reduce((a, b) => a + b, 0) + downs.reduce((a, b) => a + b, 0);
}
