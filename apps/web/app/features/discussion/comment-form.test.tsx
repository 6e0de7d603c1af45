import { MSG } from '@certitude/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { CommentForm, type CommentFormProps } from './comment-form';

afterEach(cleanup);

function renderForm(props: Partial<CommentFormProps> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn(async () => undefined);
  render(
    <CommentForm
      label="Add a comment"
      submitLabel="Post Comment"
      busyLabel="Posting..."
      failText={MSG.postCommentFailed}
      {...props}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, box: screen.getByLabelText('Add a comment') as HTMLTextAreaElement };
}

const type = (box: HTMLTextAreaElement, value: string) => fireEvent.change(box, { target: { value } });
const submit = async (name = 'Post Comment') => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('comment box', () => {
  it('limits input to 2000 characters and counts them, warning above 1800', () => {
    const { box } = renderForm();
    expect(box.maxLength).toBe(2000);
    type(box, 'x'.repeat(1800));
    const counter = screen.getByText('1800/2000');
    expect(counter.className).not.toContain('text-warning');
    expect(box.getAttribute('aria-describedby')).toContain(counter.id);
    type(box, 'x'.repeat(1801));
    const warned = screen.getByText(/1801\/2000/);
    expect(warned.className).toContain('text-warning');
    expect(warned.textContent).toContain('199 characters left');
  });

  it.each([
    ['   ', MSG.commentEmpty],
    ['<script>alert(1)</script>', MSG.commentDangerous],
    ['[x](javascript:alert(1))', MSG.commentDangerous],
    ['<b onmouseover=steal()>hi</b>', MSG.commentDangerous],
  ])('refuses %j with the text of the comment rule, without sending', async (value, message) => {
    const { box, onSubmit } = renderForm();
    type(box, value);
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
    type(box, 'fixed');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the trimmed text and empties the box', async () => {
    const { box, onSubmit } = renderForm();
    type(box, '  Great exam  ');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith('Great exam');
    expect(box.value).toBe('');
  });

  it('shows the server’s reason for a refused comment, else its failure text, and keeps the text', async () => {
    const failures = [
      new ApiError(429, 'x', 'You are commenting too quickly. Please wait a few seconds and try again.'),
      new ApiError(500, 'x', 'Something went wrong on our side. Please try again later.'),
      new ApiError(0, MSG.offline, undefined),
    ];
    const onSubmit = vi.fn(async () => {
      throw failures.shift();
    });
    const { box } = renderForm({ onSubmit });
    type(box, 'Hello');
    await submit();
    expect(screen.getByRole('alert').textContent).toContain('You are commenting too quickly');
    await submit();
    expect(screen.getByRole('alert').textContent).toContain(MSG.postCommentFailed);
    await submit();
    expect(screen.getByRole('alert').textContent).toContain(MSG.postCommentFailed);
    expect(box.value).toBe('Hello');
  });

  it('in edit mode keeps Save disabled while the text is empty or unchanged', () => {
    renderForm({ label: 'Add a comment', initial: 'Original', requireChange: true, submitLabel: 'Save' });
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    const box = screen.getByLabelText('Add a comment') as HTMLTextAreaElement;
    expect(save.disabled).toBe(true);
    type(box, 'Original  ');
    expect(save.disabled).toBe(true);
    type(box, '   ');
    expect(save.disabled).toBe(true);
    type(box, 'Original, edited');
    expect(save.disabled).toBe(false);
  });
});
