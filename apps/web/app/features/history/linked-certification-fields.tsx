import { CHOOSER_TEXT, NEXT_STEPS_TEXT } from '@certitude/shared';
import { CertificationCombobox } from '../../components/certification-combobox';
import { FIELD_LABELS, SUGGEST_EDIT_TEXT } from '../../lib/suggest-edit-text';

/** A certification the form links to, by its slug, with the name it is shown by. */
export interface LinkedCertification {
  slug: string;
  name: string;
}
export interface Prerequisite extends LinkedCertification {
  kind: 'REQUIRED' | 'RECOMMENDED';
}

const PREREQUISITE_SEARCH = 'suggest-prerequisite-search';
const SUCCESSOR_SEARCH = 'suggest-successor-search';
/** After a Remove, whose button is gone, the focus goes to the search of the same field. */
const focusSearch = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/**
 * The prerequisites of Suggest an edit, one row each (the certification's name, required or recommended, Remove),
 * and a search to add one. `self` is the certification edited, which is no prerequisite of itself.
 */
export function PrerequisiteFields({
  list,
  onChange,
  self,
  error,
}: {
  list: Prerequisite[];
  onChange: (list: Prerequisite[]) => void;
  self: string;
  error?: string;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{FIELD_LABELS.prerequisites}</legend>
      {list.length === 0 && <p className="small text-body-secondary mb-2">{CHOOSER_TEXT.noPrerequisites}</p>}
      <ul className="list-unstyled mb-2" aria-label={SUGGEST_EDIT_TEXT.chosenPrerequisites}>
        {list.map((p, i) => (
          <li className="d-flex flex-wrap align-items-center gap-2 mb-2" key={p.slug}>
            <span className="flex-grow-1">{p.name}</span>
            <select
              className="form-select form-select-sm w-auto"
              aria-label={SUGGEST_EDIT_TEXT.prerequisiteKind(p.name)}
              value={p.kind}
              onChange={(e) =>
                onChange(list.map((x, j) => (j === i ? { ...x, kind: e.target.value as Prerequisite['kind'] } : x)))
              }
            >
              <option value="REQUIRED">{NEXT_STEPS_TEXT.required}</option>
              <option value="RECOMMENDED">{NEXT_STEPS_TEXT.recommended}</option>
            </select>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              aria-label={SUGGEST_EDIT_TEXT.removePrerequisite(p.name)}
              onClick={() => {
                onChange(list.filter((_, j) => j !== i));
                focusSearch(PREREQUISITE_SEARCH);
              }}
            >
              {CHOOSER_TEXT.remove}
            </button>
          </li>
        ))}
      </ul>
      <CertificationCombobox
        label={CHOOSER_TEXT.addPrerequisite}
        inputId={PREREQUISITE_SEARCH}
        exclude={[self, ...list.map((p) => p.slug)]}
        onChoose={(c) => onChange([...list, { slug: c.slug, name: c.name, kind: 'RECOMMENDED' }])}
      />
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}

/** The successor of Suggest an edit: the one chosen, with Remove, and a search to choose one (or another). */
export function SuccessorField({
  value,
  onChange,
  self,
  error,
}: {
  value: LinkedCertification | null;
  onChange: (value: LinkedCertification | null) => void;
  self: string;
  error?: string;
}) {
  return (
    <div className="mb-3">
      {value && (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
          <span className="flex-grow-1">
            {CHOOSER_TEXT.successorNow} <strong data-testid="successor">{value.name}</strong>
          </span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={SUGGEST_EDIT_TEXT.removeSuccessor(value.name)}
            onClick={() => {
              onChange(null);
              focusSearch(SUCCESSOR_SEARCH);
            }}
          >
            {CHOOSER_TEXT.remove}
          </button>
        </div>
      )}
      <CertificationCombobox
        label={value ? CHOOSER_TEXT.otherSuccessor : CHOOSER_TEXT.successor}
        inputId={SUCCESSOR_SEARCH}
        exclude={[self, ...(value ? [value.slug] : [])]}
        onChoose={(c) => onChange({ slug: c.slug, name: c.name })}
      />
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </div>
  );
}
