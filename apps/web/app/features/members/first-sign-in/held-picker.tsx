import { FIRST_SIGN_IN_TEXT, matchesSearch, type Certification } from '@certitude/shared';
import { useEffect, useMemo, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { fetchCatalogue } from '../../../lib/tracker-api';
import { saveHeld, type HeldPick } from './first-sign-in-api';
import { HeldPickRow } from './held-pick-row';
import { FindField } from '../../../components/find-field';

/** Matches shown at once: typing narrows them. */
const SHOWN_MAX = 8;

/**
 * "Which certifications do you hold?": search the catalogue, pick, give each a badge link or the day it was earned.
 * Saving adds them one by one; one the server refuses stays with its reason, the ones saved before it leave the list.
 */
export function HeldPicker({ onSaved, onSkip }: { onSaved(picks: HeldPick[]): Promise<void>; onSkip(): void }) {
  const [catalogue, setCatalogue] = useState<Certification[]>([]);
  const [query, setQuery] = useState('');
  const [picks, setPicks] = useState<HeldPick[]>([]);
  const [saved, setSaved] = useState<HeldPick[]>([]);
  const [failure, setFailure] = useState<{ id: number; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => void fetchCatalogue().then(setCatalogue, () => undefined), []);

  const matches = useMemo(() => {
    const q = query.trim();
    if (!q) return [];
    const taken = new Set([...picks, ...saved].map((p) => p.id));
    return catalogue.filter((c) => !taken.has(c.id) && matchesSearch(c, q)).slice(0, SHOWN_MAX);
  }, [catalogue, query, picks, saved]);

  const change = (id: number, patch: Partial<HeldPick>) =>
    setPicks((list) => list.map((p) => (p.id === id ? { ...p, ...patch } : p)));
  const missing = picks.find((p) => !p.badgeUrl.trim() && !p.earnedOn);

  async function save() {
    setBusy(true);
    setFailure(null);
    const done = [...saved];
    const left = [...picks];
    for (const pick of picks) {
      try {
        // What the server marked held: a badge proves its own certification, whichever was picked.
        const held = await saveHeld(pick);
        if (!done.some((d) => d.id === held.id)) done.push(held);
        left.shift();
      } catch (err) {
        setFailure({ id: pick.id, text: errorText(err, FIRST_SIGN_IN_TEXT.earnedOrBadge) });
        setSaved(done);
        setPicks(left);
        setBusy(false);
        return;
      }
    }
    await onSaved(done);
  }

  return (
    <div>
      <p className="text-body-secondary small">{FIRST_SIGN_IN_TEXT.holdIntro}</p>
      <FindField id="first-sign-in-find" texts={FIRST_SIGN_IN_TEXT} value={query} onChange={setQuery} />
      <div className="d-flex flex-wrap gap-2 mb-3" aria-live="polite">
        {query.trim() && matches.length === 0 && <span className="small">{FIRST_SIGN_IN_TEXT.noMatch}</span>}
        {matches.map((c) => (
          <button
            key={c.id}
            type="button"
            className="btn btn-outline-primary btn-sm"
            aria-label={FIRST_SIGN_IN_TEXT.pick(c.name)}
            onClick={() => setPicks((list) => [...list, { id: c.id, name: c.name, badgeUrl: '', earnedOn: '' }])}
          >
            + {c.name} <span className="text-body-secondary">({c.certCode})</span>
          </button>
        ))}
      </div>
      <h3 className="h6">{FIRST_SIGN_IN_TEXT.picked}</h3>
      {picks.length === 0 && <p className="small text-body-secondary">{FIRST_SIGN_IN_TEXT.nonePicked}</p>}
      <ul className="list-group mb-3" aria-label={FIRST_SIGN_IN_TEXT.picked}>
        {picks.map((p) => (
          <HeldPickRow
            key={p.id}
            pick={p}
            failure={failure?.id === p.id ? failure.text : undefined}
            onChange={(patch) => change(p.id, patch)}
            onRemove={() => setPicks((list) => list.filter((x) => x.id !== p.id))}
          />
        ))}
      </ul>
      <div className="d-flex gap-2 justify-content-end">
        <button type="button" className="btn btn-outline-secondary" onClick={onSkip} disabled={busy}>
          {FIRST_SIGN_IN_TEXT.skip}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void save()}
          disabled={busy || (picks.length === 0 && saved.length === 0) || missing !== undefined}
        >
          {busy ? FIRST_SIGN_IN_TEXT.saving : FIRST_SIGN_IN_TEXT.saveAndRate}
        </button>
      </div>
    </div>
  );
}
