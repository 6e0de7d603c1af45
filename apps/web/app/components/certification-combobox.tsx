import { CHOOSER_TEXT, rankSearch, type Certification } from '@certitude/shared';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { fetchCatalogue } from '../lib/tracker-api';
import './certification-combobox.css';

/** Matches shown at once; typing more narrows them. */
const SHOWN_MAX = 8;
let catalogue: Promise<Certification[]> | null = null;
/** The catalogue once it has arrived: a chooser opened later starts with it. */
let loaded: Certification[] | null = null;

/** The public catalogue, read once `wanted` (the box was focused), and once per page load by every chooser on it. */
function useCatalogue(wanted: boolean): { list: Certification[] | null; failed: boolean } {
  const [state, setState] = useState<{ list: Certification[] | null; failed: boolean }>({
    list: loaded,
    failed: false,
  });
  useEffect(() => {
    if (!wanted || state.list || loaded) return;
    let live = true;
    catalogue ??= fetchCatalogue().then(
      (list) => (loaded = list),
      (err: unknown) => {
        catalogue = null;
        throw err;
      },
    );
    catalogue.then(
      (list) => live && setState({ list, failed: false }),
      () => live && setState({ list: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [wanted, state.list]);
  return { list: state.list ?? loaded, failed: state.failed };
}

/**
 * Search and choose a certification (the ARIA combobox pattern): typing lists the best matches of the catalogue's
 * search; the arrow keys move through them, Enter or a click chooses, Escape closes. `exclude` names slugs that are
 * no choice (the certification itself, those already chosen). The box empties once one is chosen.
 */
/** The matches under the box, the active one marked; a click chooses before the box loses its focus. */
function ChooserOptions({
  id,
  label,
  matches,
  active,
  hidden,
  onChoose,
}: {
  id: string;
  label: string;
  matches: Certification[];
  active: number;
  hidden: boolean;
  onChoose: (cert: Certification) => void;
}) {
  return (
    <ul
      id={`${id}-list`}
      role="listbox"
      aria-label={label}
      className="list-group position-absolute w-100 shadow chooser-list"
      hidden={hidden}
    >
      {matches.map((c, i) => (
        <li
          key={c.id}
          id={`${id}-option-${i}`}
          role="option"
          aria-selected={i === active}
          className={`list-group-item list-group-item-action${i === active ? ' active' : ''}`}
          onMouseDown={(e) => {
            e.preventDefault();
            onChoose(c);
          }}
        >
          {c.name}{' '}
          <span className="small">
            ({c.vendor}, {c.certCode})
          </span>
        </li>
      ))}
    </ul>
  );
}

export function CertificationCombobox({
  label,
  onChoose,
  exclude = [],
  describedBy,
  inputId,
}: {
  label: string;
  onChoose: (cert: Certification) => void;
  exclude?: readonly string[];
  describedBy?: string;
  /** The search box's id, for a caller that gives it the focus back (after a Remove). */
  inputId?: string;
}) {
  const id = useId();
  const boxId = inputId ?? `${id}-input`;
  const [wanted, setWanted] = useState(false);
  const { list, failed } = useCatalogue(wanted);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const matches = useMemo(
    () =>
      list && query.trim()
        ? rankSearch(
            list.filter((c) => !exclude.includes(c.slug)),
            query,
          ).slice(0, SHOWN_MAX)
        : [],
    [list, query, exclude],
  );
  const expanded = open && matches.length > 0;
  const choose = (cert: Certification) => {
    onChoose(cert);
    setQuery('');
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      if (matches.length) setActive((a) => (a + step + matches.length) % matches.length);
    } else if (e.key === 'Enter') {
      // Enter chooses; it never sends the form around the box.
      e.preventDefault();
      if (expanded && matches[active]) choose(matches[active]);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      setOpen(false);
    }
  };
  const status = failed
    ? CHOOSER_TEXT.failed
    : list === null
      ? wanted && CHOOSER_TEXT.loading
      : query.trim() && matches.length === 0
        ? CHOOSER_TEXT.noMatch
        : '';
  return (
    <div>
      <label htmlFor={boxId} className="form-label">
        {label}
      </label>
      <div className="position-relative">
        <input
          id={boxId}
          type="text"
          className="form-control"
          role="combobox"
          autoComplete="off"
          placeholder={CHOOSER_TEXT.placeholder}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-activedescendant={expanded ? `${id}-option-${active}` : undefined}
          aria-describedby={describedBy}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setWanted(true)}
          onBlur={() => setOpen(false)}
        />
        <ChooserOptions id={id} label={label} matches={matches} active={active} hidden={!expanded} onChoose={choose} />
      </div>
      <div className="form-text" role="status">
        {status}
      </div>
    </div>
  );
}
