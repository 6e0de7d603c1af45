import { matchesSearch, TRACKER_TEXT, type Certification } from '@certitude/shared';
import { useEffect, useMemo, useState } from 'react';
import { fetchCatalogue } from '../../lib/tracker-api';
import { FindField } from '../../components/find-field';

/** Options shown at once; typing narrows the list. */
const SHOWN_MAX = 100;

/** A searchable select over the public catalogue: a search box narrows the options of the select below it. */
export function CertificationPicker({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const [list, setList] = useState<Certification[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  useEffect(() => {
    fetchCatalogue().then(setList, () => setFailed(true));
  }, []);

  const shown = useMemo(() => {
    const all = list ?? [];
    const matching = all.filter((c) => matchesSearch(c, query.trim())).slice(0, SHOWN_MAX);
    // The chosen one stays an option while the search shows others.
    const chosen = all.find((c) => c.id === value);
    return chosen && !matching.includes(chosen) ? [chosen, ...matching] : matching;
  }, [list, query, value]);

  const empty =
    list === null ? TRACKER_TEXT.loadingCatalogue : shown.length ? TRACKER_TEXT.choose : TRACKER_TEXT.noMatch;
  return (
    <div className="mb-3">
      <FindField id="tracker-find" texts={TRACKER_TEXT} value={query} onChange={setQuery} />
      <label htmlFor="tracker-certification" className="form-label">
        {TRACKER_TEXT.certification}
      </label>
      <select
        id="tracker-certification"
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'tracker-certification-error' : undefined}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{empty}</option>
        {shown.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.vendor}, {c.certCode})
          </option>
        ))}
      </select>
      {(error ?? failed) && (
        <div id="tracker-certification-error" className="invalid-feedback d-block" role="alert">
          {error ?? TRACKER_TEXT.catalogueFailed}
        </div>
      )}
    </div>
  );
}
