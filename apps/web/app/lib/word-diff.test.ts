import { describe, expect, it } from 'vitest';
import { wordDiff } from './word-diff';

const show = (before: string, after: string) =>
  wordDiff(before, after)
    .map((p) => (p.kind === 'same' ? p.text : p.kind === 'del' ? `[-${p.text}-]` : `{+${p.text}+}`))
    .join('');

describe('word diff', () => {
  it('marks the words removed and added, keeping the rest', () => {
    expect(show('The exam has 65 questions.', 'The exam has 90 questions.')).toBe(
      'The exam has [-65 -]{+90 +}questions.',
    );
    expect(show('A hands-on exam', 'A hard hands-on exam')).toBe('A {+hard +}hands-on exam');
    expect(show('Pass the exam again.', 'Pass the exam.')).toBe('Pass the [-exam again.-]{+exam.+}');
  });

  it('gives back each text from its parts', () => {
    const before = 'One two three four five six';
    const after = 'One three four seven six eight';
    const parts = wordDiff(before, after);
    expect(
      parts
        .filter((p) => p.kind !== 'ins')
        .map((p) => p.text)
        .join(''),
    ).toBe(before);
    expect(
      parts
        .filter((p) => p.kind !== 'del')
        .map((p) => p.text)
        .join(''),
    ).toBe(after);
  });

  it('handles empty texts', () => {
    expect(wordDiff('', 'New text')).toEqual([{ kind: 'ins', text: 'New text' }]);
    expect(wordDiff('Old', '')).toEqual([{ kind: 'del', text: 'Old' }]);
    expect(wordDiff('', '')).toEqual([]);
  });
});
