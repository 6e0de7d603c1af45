import type { Comment } from '@certitude/shared';
import { describe, expect, it } from 'vitest';
import { addComment, applyDelete, applyEdit, commentContents, countComments } from './comment-tree';

function c(id: number, replies: Comment[] = [], extra: Partial<Comment> = {}): Comment {
  return {
    id,
    content: `comment ${id}`,
    username: `user${id}`,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    isEdited: false,
    deleted: false,
    replies,
    ...extra,
  };
}

const shape = (list: Comment[]): unknown =>
  list.map((x) =>
    x.replies.length ? [x.deleted ? `${x.id}x` : x.id, shape(x.replies)] : x.deleted ? `${x.id}x` : x.id,
  );

describe('the local copy of a thread', () => {
  it('adds a comment at the end, or at the end of its parent’s replies', () => {
    const tree = [c(1, [c(2)]), c(3)];
    expect(shape(addComment(tree, c(4)))).toEqual([[1, [2]], 3, 4]);
    expect(shape(addComment(tree, c(5), 2))).toEqual([[1, [[2, [5]]]], 3]);
    expect(shape(tree)).toEqual([[1, [2]], 3]);
  });

  it('takes an edit’s text and marks, keeping the replies shown', () => {
    const tree = [c(1, [c(2)])];
    const edited = applyEdit(tree, c(1, [], { content: 'new', isEdited: true, updatedAt: '2024-02-01T00:00:00.000Z' }));
    expect(edited[0]).toMatchObject({ content: 'new', isEdited: true, updatedAt: '2024-02-01T00:00:00.000Z' });
    expect(edited[0]!.replies.map((x) => x.id)).toEqual([2]);
  });

  it('deletes as the server does: placeholder with replies, gone without, and empty placeholders go too', () => {
    let tree = [c(1, [c(2, [c(3)])]), c(4)];
    tree = applyDelete(tree, 1);
    expect(shape(tree)).toEqual([['1x', [[2, [3]]]], 4]);
    expect(tree[0]).toMatchObject({ content: '', username: '' });
    tree = applyDelete(tree, 2);
    expect(shape(tree)).toEqual([['1x', [['2x', [3]]]], 4]);
    tree = applyDelete(tree, 3);
    expect(shape(tree)).toEqual([4]);
  });

  it('counts the comments that are still there', () => {
    expect(countComments([c(1, [c(2, [c(3)])], { deleted: true }), c(4)])).toBe(3);
  });
});

describe('commentContents', () => {
  it('gives the text of every comment, replies included, in the order they are shown', () => {
    expect([...commentContents([c(1, [c(2, [c(3)]), c(4)]), c(5)])]).toEqual([
      'comment 1',
      'comment 2',
      'comment 3',
      'comment 4',
      'comment 5',
    ]);
  });
});
