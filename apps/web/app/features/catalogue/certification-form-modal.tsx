import {
  can,
  CERT_CODE_MAX,
  certificationSchema,
  createCertificationRequestSchema,
  DESCRIPTION_MAX,
  MSG,
  NAME_MAX,
  TEXT,
  updateCertificationRequestSchema,
  URL_MAX,
  VENDOR_MAX,
  type Certification,
} from '@certitude/shared';
import { useState, type FormEvent } from 'react';
import { Modal } from 'react-bootstrap';
import { api, CHECK_ANSWERS, errorText } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth-store';
import { fieldErrors, type FieldErrors } from '../../lib/field-errors';
import { Field } from './form-fields';
import { cycleFocus } from '../site/focus-cycle';

type Props =
  | { mode: 'create'; cert?: undefined; onClose: () => void; onSaved: (cert: Certification) => void }
  | { mode: 'edit'; cert: Certification; onClose: () => void; onSaved: (cert: Certification) => void };

/** Submit New Certification and Edit Certification (docs/product.md#certification-forms), with their rules and texts. */
export default function CertificationFormModal({ mode, cert, onClose, onSaved }: Props) {
  const user = useCurrentUser();
  const [values, setValues] = useState({
    name: cert?.name ?? '',
    certCode: cert?.certCode ?? '',
    vendor: cert?.vendor ?? '',
    description: cert?.description ?? '',
    url: cert?.url ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const creating = mode === 'create';
  // A member's edit of a published certification, or of one members' flags hid, waits for a moderator; the form
  // says so before it is sent.
  const held = !creating && Boolean(cert.hiddenByFlags);
  const reviewed =
    !creating &&
    !can(user, 'certification:change-directly', { status: cert.status, submittedBy: cert.submittedById, held });
  const set = (key: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!user) {
      setFailure(creating ? MSG.mustLoginToSubmitCertification : MSG.mustLoginToEditCertification);
      return;
    }
    const parsed = (creating ? createCertificationRequestSchema : updateCertificationRequestSchema).safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      const saved = creating
        ? await api('/api/certification', {
            method: 'POST',
            // The contract's payload names the submitter (docs/api.md#statuses); the server takes it from the token.
            body: { ...parsed.data, submittedById: user.username },
            schema: CHECK_ANSWERS && certificationSchema,
          })
        : await api(`/api/certification/${cert.id}`, {
            method: 'PUT',
            body: parsed.data,
            schema: CHECK_ANSWERS && certificationSchema,
          });
      onSaved(saved);
    } catch (err) {
      setFailure(errorText(err, creating ? MSG.submitCertificationFailed : MSG.updateCertificationFailed));
    } finally {
      setSaving(false);
    }
  };

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
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id="certification-form-title">{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {reviewed && (
            <div className="alert alert-info" role="note" data-testid="edit-needs-review">
              {held ? MSG.editWhileHidden : MSG.editNeedsReview}
            </div>
          )}
          {failure && (
            <div className="alert alert-danger" role="alert">
              {failure}
            </div>
          )}
          <Field
            id="cert-name"
            label="Certification Name"
            value={values.name}
            error={errors.name}
            onChange={set('name')}
            required
            maxLength={NAME_MAX}
            placeholder="e.g. AWS Certified Solutions Architect - Associate"
            autoFocus
          />
          <div className="row">
            <div className="col-md-6">
              <Field
                id="cert-code"
                label="Certification Code"
                value={values.certCode}
                error={errors.certCode}
                onChange={set('certCode')}
                required
                maxLength={CERT_CODE_MAX}
                placeholder="e.g. SAA-C03"
              />
            </div>
            <div className="col-md-6">
              <Field
                id="cert-vendor"
                label="Vendor"
                value={values.vendor}
                error={errors.vendor}
                onChange={set('vendor')}
                required
                maxLength={VENDOR_MAX}
                placeholder="e.g. AWS"
              />
            </div>
          </div>
          <Field
            id="cert-description"
            label="Description"
            value={values.description}
            error={errors.description}
            onChange={set('description')}
            multiline
            required={creating}
            maxLength={DESCRIPTION_MAX}
            placeholder="What the certification covers (Markdown allowed)"
          />
          <Field
            id="cert-url"
            label="Official URL"
            type="url"
            value={values.url}
            error={errors.url}
            onChange={set('url')}
            required={creating}
            maxLength={URL_MAX}
            placeholder="https://"
          />
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
