import {
  createResourceRequestSchema,
  DESCRIPTION_MAX,
  MSG,
  NAME_MAX,
  RESOURCE_TYPES,
  resourceSchema,
  SUBMISSION_TEXT,
  TEXT,
  URL_MAX,
  type Resource,
  type ResourceType,
} from '@certitude/shared';
import type { FormEvent } from 'react';
import { Modal } from 'react-bootstrap';
import { api, errorText } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth-store';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { Field } from './form-fields';
import { RESOURCE_TYPE_LABELS } from './resource-labels';
import { cycleFocus } from '../../lib/focus-cycle';
import { FailureAlert } from '../../components/failure-alert';

interface Props {
  certificationId: number;
  certificationName: string;
  onClose: () => void;
  onSaved: (resource: Resource) => void;
}

type ResourceForm = ReturnType<typeof useResourceForm>;

/** The form's fields and its submission, for the certification `certificationId`. */
function useResourceForm({ certificationId, onSaved }: Props) {
  const user = useCurrentUser();
  const form = useZodForm({
    schema: createResourceRequestSchema,
    defaultValues: { name: '', type: 'course' as ResourceType, description: '', url: '', isPaid: false },
    request: (values) => ({ ...values, certificationId }),
  });
  const save = form.handleSubmit(async (data) => {
    if (!user) return;
    try {
      const saved = await api('/api/resource', {
        method: 'POST',
        body: { ...data, submittedById: user.username },
        schema: __CHECK_ANSWERS__ && resourceSchema,
      });
      onSaved(saved);
    } catch (err) {
      form.fail(errorText(err, MSG.submitResourceFailed));
    }
  });
  const submit = (e: FormEvent) => {
    if (user) return save(e);
    e.preventDefault();
    form.fail(MSG.mustLoginToSubmitResource);
  };
  return { ...form, submit };
}

/** The Submit resource form (docs/product.md#resource-form): name, type (course by default), description, url, paid. */
export default function ResourceFormModal(props: Props) {
  const { certificationName, onClose } = props;
  const form = useResourceForm(props);
  const saving = form.sending;
  const [name, description, url] = form.watch(['name', 'description', 'url']);
  const incomplete = !name.trim() || !description.trim() || !url.trim();

  return (
    <Modal
      show
      onHide={onClose}
      centered
      aria-labelledby="resource-form-title"
      backdrop="static"
      onKeyDown={cycleFocus}
    >
      <form onSubmit={form.submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id="resource-form-title">{TEXT.submitResourceTitle}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary small">{SUBMISSION_TEXT.forCertification(certificationName)}</p>
          <FailureAlert text={form.failure} />
          <ResourceFields form={form} />
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

function ResourceFields({ form }: { form: ResourceForm }) {
  return (
    <>
      <Field
        id="resource-name"
        label={SUBMISSION_TEXT.resourceName}
        field={form.field('name')}
        error={form.errorOf('name')}
        required
        maxLength={NAME_MAX}
        autoFocus
      />
      <div className="mb-3">
        <label htmlFor="resource-type" className="form-label">
          {SUBMISSION_TEXT.resourceType}
        </label>
        <select id="resource-type" className="form-select" {...form.field('type')}>
          {RESOURCE_TYPES.map((t) => (
            <option key={t} value={t}>
              {RESOURCE_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <Field
        id="resource-description"
        label={SUBMISSION_TEXT.description}
        field={form.field('description')}
        error={form.errorOf('description')}
        multiline
        required
        maxLength={DESCRIPTION_MAX}
      />
      <Field
        id="resource-url"
        label={SUBMISSION_TEXT.url}
        type="url"
        field={form.field('url')}
        error={form.errorOf('url')}
        required
        maxLength={URL_MAX}
        placeholder={TEXT.urlPlaceholder}
      />
      <div className="form-check">
        <input id="resource-paid" type="checkbox" className="form-check-input" {...form.field('isPaid')} />
        <label htmlFor="resource-paid" className="form-check-label">
          {SUBMISSION_TEXT.paidResource}
        </label>
      </div>
    </>
  );
}
