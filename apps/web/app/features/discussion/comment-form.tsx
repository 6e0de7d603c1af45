import { COMMENT_MAX, DISCUSSION_TEXT as T, COMMENT_WARN_ABOVE, updateCommentRequestSchema } from '@certitude/shared';
import { useId } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { failureText } from '../../lib/failure-text';

export interface CommentFormProps {
  label: string;
  /** Keeps the label for screen readers only (the reply and edit boxes sit right under what they answer). */
  hideLabel?: boolean;
  initial?: string;
  placeholder?: string;
  submitLabel: string;
  busyLabel: string;
  /** The text for this action failing (docs/product.md#error-texts). */
  failText: string;
  /** Edit mode: Save stays disabled while the text is empty or unchanged (docs/product.md#comments). */
  requireChange?: boolean;
  autoFocus?: boolean;
  onSubmit(content: string): Promise<void>;
  onCancel?(): void;
}

/** The box for a comment, a reply or an edit, with its counter and the rules of docs/product.md#comments. */
export function CommentForm(props: CommentFormProps) {
  const id = useId();
  const form = useZodForm({ schema: updateCommentRequestSchema, defaultValues: { content: props.initial ?? '' } });
  const { failure, sending: busy } = form;
  const value = form.watch('content');
  const invalid = form.errorOf('content');

  const length = value.length;
  const warn = length > COMMENT_WARN_ABOVE;
  const unchanged = props.requireChange && (value.trim() === '' || value.trim() === (props.initial ?? '').trim());

  const submit = form.handleSubmit(async ({ content }) => {
    try {
      await props.onSubmit(content);
      if (!props.requireChange) form.reset({ content: '' });
    } catch (err) {
      form.fail(failureText(err, props.failText));
    }
  });

  return (
    <Form onSubmit={(e) => void submit(e)} noValidate className="comment-form">
      {failure && (
        <Alert variant="danger" dismissible onClose={() => form.clearErrors('root')} className="py-2 small">
          {failure}
        </Alert>
      )}
      <Form.Label htmlFor={`${id}-text`} className={props.hideLabel ? 'visually-hidden' : 'fw-semibold'}>
        {props.label}
      </Form.Label>
      <Form.Control
        as="textarea"
        id={`${id}-text`}
        rows={3}
        maxLength={COMMENT_MAX}
        placeholder={props.placeholder}
        {...form.field('content')}
        isInvalid={Boolean(invalid)}
        aria-invalid={Boolean(invalid) || undefined}
        aria-describedby={`${id}-count${invalid ? ` ${id}-invalid` : ''}`}
        autoFocus={props.autoFocus}
      />
      {invalid && (
        <div id={`${id}-invalid`} className="invalid-feedback d-block" role="alert">
          {invalid}
        </div>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
        <small
          id={`${id}-count`}
          className={warn ? 'comment-counter text-warning-emphasis fw-semibold' : 'comment-counter text-body-secondary'}
          data-warning={warn || undefined}
        >
          {length}/{COMMENT_MAX}
          {warn && <span>{T.charactersLeft(COMMENT_MAX - length)}</span>}
        </small>
        <div className="ms-auto d-flex gap-2">
          {props.onCancel && (
            <Button variant="outline-secondary" size="sm" onClick={props.onCancel} disabled={busy}>
              {T.cancel}
            </Button>
          )}
          <Button type="submit" variant="primary" size="sm" disabled={busy || unchanged}>
            {busy ? props.busyLabel : props.submitLabel}
          </Button>
        </div>
      </div>
    </Form>
  );
}
