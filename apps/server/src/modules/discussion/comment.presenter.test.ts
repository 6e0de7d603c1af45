import { describe, expect, it } from 'vitest';
import { buildCommentSubtree, buildCommentTree } from './comment.presenter.js';
import type { CommentRow } from './comment.repository.js';

const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 12, minute));

function row(id: number, parentId: number | null, extra: Partial<CommentRow> = {}): CommentRow {
  return {
    id,
    parentId,
    content: `comment ${id}`,
    isEdited: false,
    deletedAt: null,
    createdAt: at(id),
    updatedAt: at(id),
    username: `user${id}`,
    ...extra,
  };
}

const ids = (list: { id: number; replies: unknown[] }[]): unknown =>
  list.map((c) => (c.replies.length ? [c.id, ids(c.replies as never)] : c.id));

describe('buildCommentTree', () => {
  it('nests replies under their parents in the order of the rows', () => {
    const tree = buildCommentTree([row(1, null), row(2, null), row(3, 1), row(4, 3), row(5, 1), row(6, 4)]);
    expect(ids(tree)).toEqual([[1, [[3, [[4, [6]]]], 5]], 2]);
  });

  it('does not depend on a parent coming first', () => {
    expect(ids(buildCommentTree([row(3, 1), row(1, null)]))).toEqual([[1, [3]]]);
  });

  it('shows a deleted comment with replies as a placeholder, and drops deleted ones with nothing left under them', () => {
    const gone = { deletedAt: at(59), content: 'secret' };
    const tree = buildCommentTree([row(1, null, gone), row(2, 1), row(3, null, gone), row(4, 3, gone), row(5, null)]);
    expect(ids(tree)).toEqual([[1, [2]], 5]);
    expect(tree[0]).toMatchObject({ deleted: true, content: '', username: '' });
    expect(tree[0]!.replies[0]).toMatchObject({ deleted: false, content: 'comment 2', username: 'user2' });
  });

  it('gives times as ISO strings', () => {
    const [c] = buildCommentTree([row(1, null, { isEdited: true, updatedAt: at(30) })]);
    expect(c).toMatchObject({ createdAt: '2024-01-01T12:01:00.000Z', updatedAt: '2024-01-01T12:30:00.000Z' });
    expect(c!.isEdited).toBe(true);
  });
});

describe('buildCommentSubtree', () => {
  it('returns one comment with everything under it', () => {
    const sub = buildCommentSubtree([row(3, 1), row(4, 3), row(6, 4)], 3);
    expect(sub?.id).toBe(3);
    expect(ids(sub!.replies)).toEqual([[4, [6]]]);
    expect(buildCommentSubtree([], 3)).toBeUndefined();
  });
});
