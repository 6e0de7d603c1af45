import {
  createResourceRequestSchema,
  DESCRIPTION_MAX,
  MSG,
  NAME_MAX,
  RESOURCE_TYPES,
  resourceSchema,
  TEXT,
  URL_MAX,
  type Resource,
  type ResourceType,
} from '@certitude/shared';
import { useState, type FormEvent } from 'react';
import { Modal } from 'react-bootstrap';
import { api, CHECK_ANSWERS, errorText } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth-store';
import { fieldErrors, type FieldErrors } from '../../lib/field-errors';
import { Field } from './form-fields';
import { RESOURCE_TYPE_LABELS } from './resource-labels';
import { cycleFocus } from '../site/focus-cycle';

/** The Submit resource form (docs/product.md#resource-form): name, type (course by default), description, url, paid. */
export default function ResourceFormModal({
  certificationId,
  certificationName,
  onClose,
  onSaved,
}: {
  certificationId: number;
  certificationName: string;
  onClose: () => void;
  onSaved: (resource: Resource) => void;
}) {
  const user = useCurrentUser();
  const [values, setValues] = useState({ name: '', type: 'course' as ResourceType, description: '', url: '' });
  const [isPaid, setIsPaid] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: 'name' | 'description' | 'url') => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const incomplete = !values.name.trim() || !values.description.trim() || !values.url.trim();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!user) {
      setFailure(MSG.mustLoginToSubmitResource);
      return;
    }
    const parsed = createResourceRequestSchema.safeParse({ ...values, isPaid, certificationId });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      const saved = await api('/api/resource', {
        method: 'POST',
        body: { ...parsed.data, submittedById: user.username },
        schema: CHECK_ANSWERS && resourceSchema,
      });
      onSaved(saved);
    } catch (err) {
      setFailure(errorText(err, MSG.submitResourceFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      show
      onHide={onClose}
      centered
      aria-labelledby="resource-form-title"
      backdrop="static"
      onKeyDown={cycleFocus}
    >
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id="resource-form-title">{TEXT.submitResourceTitle}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary small">For {certificationName}</p>
          {failure && (
            <div className="alert alert-danger" role="alert">
              {failure}
            </div>
          )}
          <Field
            id="resource-name"
            label="Resource Name"
            value={values.name}
            error={errors.name}
            onChange={set('name')}
            required
            maxLength={NAME_MAX}
            autoFocus
          />
          <div className="mb-3">
            <label htmlFor="resource-type" className="form-label">
              Type
            </label>
            <select
              id="resource-type"
              className="form-select"
              value={values.type}
              onChange={(e) => setValues((v) => ({ ...v, type: e.target.value as ResourceType }))}
            >
              {RESOURCE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {RESOURCE_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <Field
            id="resource-description"
            label="Description"
            value={values.description}
            error={errors.description}
            onChange={set('description')}
            multiline
            required
            maxLength={DESCRIPTION_MAX}
          />
          <Field
            id="resource-url"
            label="URL"
            type="url"
            value={values.url}
            error={errors.url}
            onChange={set('url')}
            required
            maxLength={URL_MAX}
            placeholder="https://"
          />
          <div className="form-check">
            <input
              id="resource-paid"
              type="checkbox"
              className="form-check-input"
              checked={isPaid}
              onChange={(e) => setIsPaid(e.target.checked)}
            />
            <label htmlFor="resource-paid" className="form-check-label">
              This is a paid resource
            </label>
          </div>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={saving}>
            {TEXT.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving || incomplete}>
            {saving ? TEXT.submitting : TEXT.submitResource}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
