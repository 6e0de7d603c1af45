import type { VoteItemType } from '@certitude/shared';
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
  if (/^\d+$/.test(idOrSlug)) return sql`id = ${Number(idOrSlug)}`;
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

/** Holds the member's row until the transaction ends: their votes apply one at a time. */
export async function lockMember(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`select id from users where id = ${userId} for no key update`);
}

export async function insertVote(db: Executor, type: VoteItemType, userId: number, itemId: number, value: 1 | -1) {
  const t = TABLES[type];
  await db.execute(sql`insert into ${t.votes} (user_id, ${t.key}, value) values (${userId}, ${itemId}, ${value})`);
}

export async function changeVote(db: Executor, type: VoteItemType, userId: number, itemId: number, value: 1 | -1) {
  const t = TABLES[type];
  await db.execute(
    sql`update ${t.votes} set value = ${value}, updated_at = now() where user_id = ${userId} and ${t.key} = ${itemId}`,
  );
}

export async function deleteVote(db: Executor, type: VoteItemType, userId: number, itemId: number) {
  const t = TABLES[type];
  await db.execute(sql`delete from ${t.votes} where user_id = ${userId} and ${t.key} = ${itemId}`);
}

/** Moves the item's counters by the given amounts and returns them. */
export async function adjustVoteCounts(
  db: Executor,
  type: VoteItemType,
  itemId: number,
  up: number,
  down: number,
): Promise<{ upvoteCount: number; downvoteCount: number }> {
  const t = TABLES[type];
  const [row] = await rows<{ up: number; down: number }>(
    db,
    sql`update ${t.items} set upvote_count = upvote_count + ${up}, downvote_count = downvote_count + ${down}
        where id = ${itemId} returning upvote_count as up, downvote_count as down`,
  );
  return { upvoteCount: Number(row?.up ?? 0), downvoteCount: Number(row?.down ?? 0) };
}
