import { CHOOSER_TEXT } from '@certitude/shared';
import { CertificationCombobox } from '../../components/certification-combobox';

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
      <legend className="form-label fs-6">Prerequisites</legend>
      {list.length === 0 && <p className="small text-body-secondary mb-2">{CHOOSER_TEXT.noPrerequisites}</p>}
      <ul className="list-unstyled mb-2" aria-label="Chosen prerequisites">
        {list.map((p, i) => (
          <li className="d-flex flex-wrap align-items-center gap-2 mb-2" key={p.slug}>
            <span className="flex-grow-1">{p.name}</span>
            <select
              className="form-select form-select-sm w-auto"
              aria-label={`${p.name}: required or recommended`}
              value={p.kind}
              onChange={(e) =>
                onChange(list.map((x, j) => (j === i ? { ...x, kind: e.target.value as Prerequisite['kind'] } : x)))
              }
            >
              <option value="REQUIRED">Required</option>
              <option value="RECOMMENDED">Recommended</option>
            </select>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              aria-label={`Remove ${p.name} from the prerequisites`}
              onClick={() => {
                onChange(list.filter((_, j) => j !== i));
                focusSearch(PREREQUISITE_SEARCH);
              }}
            >
              Remove
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
            aria-label={`Remove ${value.name} as the successor`}
            onClick={() => {
              onChange(null);
              focusSearch(SUCCESSOR_SEARCH);
            }}
          >
            Remove
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
