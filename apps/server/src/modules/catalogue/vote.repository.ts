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
    up: number;
    down: number;
  }>(
    db,
    sql`select id, status, submitted_by_id, upvote_count as up, downvote_count as down
        from ${t.items} where ${itemWhere(type, idOrSlug)} limit 1`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    status: row.status,
    submittedByUserId: row.submitted_by_id === null ? null : Number(row.submitted_by_id),
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
