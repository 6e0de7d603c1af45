import {
  can,
  CERT_CODE_MAX,
  certificationSchema,
  createCertificationRequestSchema,
  DESCRIPTION_MAX,
  MSG,
  NAME_MAX,
  SUBMISSION_TEXT,
  TEXT,
  updateCertificationRequestSchema,
  URL_MAX,
  VENDOR_MAX,
  type Certification,
} from '@certitude/shared';
import type { FormEvent } from 'react';
import { Modal } from 'react-bootstrap';
import { api, errorText } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth-store';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { Field } from './form-fields';
import { cycleFocus } from '../../lib/focus-cycle';
import type { ListedCertification } from './listed-certification';
import { FailureAlert } from '../../components/failure-alert';

type Props =
  | { mode: 'create'; cert?: undefined; onClose: () => void; onSaved: (cert: Certification) => void }
  | { mode: 'edit'; cert: ListedCertification; onClose: () => void; onSaved: (cert: Certification) => void };

type CertificationForm = ReturnType<typeof useCertificationForm>;

/** The form's fields and its submission: a new certification, or the edit of `cert`. */
function useCertificationForm({ mode, cert, onSaved }: Props) {
  const user = useCurrentUser();
  const creating = mode === 'create';
  const form = useZodForm({
    schema: creating ? createCertificationRequestSchema : updateCertificationRequestSchema,
    defaultValues: {
      name: cert?.name ?? '',
      certCode: cert?.certCode ?? '',
      vendor: cert?.vendor ?? '',
      description: cert?.description ?? '',
      url: cert?.url ?? '',
    },
  });
  const save = form.handleSubmit(async (data) => {
    if (!user) return;
    try {
      const saved = creating
        ? await api('/api/certification', {
            method: 'POST',
            // The contract's payload names the submitter (docs/api.md#statuses); the server takes it from the token.
            body: { ...data, submittedById: user.username },
            schema: __CHECK_ANSWERS__ && certificationSchema,
          })
        : await api(`/api/certification/${cert.id}`, {
            method: 'PUT',
            body: data,
            schema: __CHECK_ANSWERS__ && certificationSchema,
          });
      onSaved(saved);
    } catch (err) {
      form.fail(errorText(err, creating ? MSG.submitCertificationFailed : MSG.updateCertificationFailed));
    }
  });
  const submit = (e: FormEvent) => {
    if (user) return save(e);
    e.preventDefault();
    form.fail(creating ? MSG.mustLoginToSubmitCertification : MSG.mustLoginToEditCertification);
  };
  return { ...form, submit, creating, user };
}

/** Submit New Certification and Edit Certification (docs/product.md#certification-forms), with their rules and texts. */
export default function CertificationFormModal(props: Props) {
  const { cert, onClose } = props;
  const form = useCertificationForm(props);
  const { creating, user, sending: saving } = form;
  // A member's edit of a published certification, or of one members' flags hid, waits for a moderator; the form
  // says so before it is sent.
  const held = !creating && Boolean(cert?.hiddenByFlags);
  const reviewed =
    !!cert &&
    !creating &&
    !can(user, 'certification:change-directly', { status: cert.status, submittedBy: cert.submittedById, held });

  const title = creating ? TEXT.submitNewCertification : TEXT.editCertification;
  return (
    <Modal
      show
      onHide={onClose}
      centered
      size="lg"
      aria-labelledby="certification-form-title"
      backdrop="static"
      onKeyDown={cycleFocus}
    >
      <form onSubmit={form.submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id="certification-form-title">{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {reviewed && (
            <div className="alert alert-info" role="note" data-testid="edit-needs-review">
              {held ? MSG.editWhileHidden : MSG.editNeedsReview}
            </div>
          )}
          <FailureAlert text={form.failure} />
          <CertificationFields form={form} />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={saving}>
            {TEXT.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {creating
              ? saving
                ? TEXT.submitting
                : TEXT.submitCertification
              : saving
                ? TEXT.updating
                : TEXT.updateCertification}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

function CertificationFields({ form }: { form: CertificationForm }) {
  const { creating } = form;
  return (
    <>
      <Field
        id="cert-name"
        label={SUBMISSION_TEXT.certificationName}
        field={form.field('name')}
        error={form.errorOf('name')}
        required
        maxLength={NAME_MAX}
        placeholder={SUBMISSION_TEXT.certificationNamePlaceholder}
        autoFocus
      />
      <div className="row">
        <div className="col-md-6">
          <Field
            id="cert-code"
            label={SUBMISSION_TEXT.certificationCode}
            field={form.field('certCode')}
            error={form.errorOf('certCode')}
            required
            maxLength={CERT_CODE_MAX}
            placeholder={SUBMISSION_TEXT.certificationCodePlaceholder}
          />
        </div>
        <div className="col-md-6">
          <Field
            id="cert-vendor"
            label={SUBMISSION_TEXT.vendor}
            field={form.field('vendor')}
            error={form.errorOf('vendor')}
            required
            maxLength={VENDOR_MAX}
            placeholder={SUBMISSION_TEXT.vendorPlaceholder}
          />
        </div>
      </div>
      <Field
        id="cert-description"
        label={SUBMISSION_TEXT.description}
        field={form.field('description')}
        error={form.errorOf('description')}
        multiline
        required={creating}
        maxLength={DESCRIPTION_MAX}
        placeholder={SUBMISSION_TEXT.certificationDescriptionPlaceholder}
      />
      <Field
        id="cert-url"
        label={SUBMISSION_TEXT.officialUrl}
        type="url"
        field={form.field('url')}
        error={form.errorOf('url')}
        required={creating}
        maxLength={URL_MAX}
        placeholder={TEXT.urlPlaceholder}
      />
    </>
  );
}
