import {
  COMPARE_TEXT,
  MSG,
  PRODUCT_NAME,
  TEXT,
  compareQuerySchema,
  sourceOfFact,
  type Comparison,
} from '@certitude/shared';
import { data, Link } from 'react-router';
import { COMPARE_ROWS, bestOf, differs } from '../features/compare/compare-rows';
import { ComparePicker } from '../features/compare/compare-picker';
import { NONE_PUBLISHED, NOT_KNOWN } from '../lib/fact-labels';
import { SourceLink } from '../features/catalogue/fact-sources';
import '../features/compare/compare.css';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/compare';

export async function loader({ request, context }: Route.LoaderArgs) {
  const c = new URL(request.url).searchParams.get('c') ?? undefined;
  const base = { publicUrl: context.publicUrl, query: c ?? '' };
  // Nothing named (the home page's Compare): the page to pick them.
  if (c === undefined) return { ...base, error: null, comparison: null };
  const parsed = compareQuerySchema.safeParse({ c });
  if (!parsed.success) {
    return data({ ...base, error: parsed.error.issues[0]!.message, comparison: null }, { status: 400 });
  }
  const found = await context.data.compare(parsed.data.c);
  if ('missing' in found) {
    return data(
      { ...base, error: `${MSG.certificationNotFound}: ${found.missing.join(', ')}`, comparison: null },
      { status: 404 },
    );
  }
  return { ...base, error: null, comparison: found as Comparison };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const certs = d?.comparison?.certifications;
  if (!certs) return [{ title: `${COMPARE_TEXT.title} | ${PRODUCT_NAME}` }, { name: 'robots', content: 'noindex' }];
  const names = certs.map((c) => c.name);
  const title = `${names.join(' vs ')}`;
  return pageMeta({
    title: title.length > 60 ? `Compare ${certs.map((c) => c.certCode).join(' vs ')}` : title,
    description: `${names.join(', ')} side by side: level, exam cost and format, validity, and how the community rates their difficulty, value and recognition.`,
    url: `${d.publicUrl}/compare?c=${certs.map((c) => c.slug).join(',')}`,
  });
};

const hintId = (label: string) => `hint-${label.toLowerCase().replace(/\W+/g, '-')}`;

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { comparison, error } = loaderData;
  if (!comparison && !error) return <ComparePicker />;
  if (!comparison) {
    return (
      <div className="container py-5 text-center">
        <h1 className="h3 mb-3">{COMPARE_TEXT.title}</h1>
        <p className="alert alert-warning d-inline-block" role="alert">
          {error}
        </p>
        <p>
          <Link to="/" className="btn btn-primary">
            {TEXT.backToCertifications}
          </Link>
        </p>
      </div>
    );
  }
  const certs = comparison.certifications;
  const today = new Date();
  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">{COMPARE_TEXT.title}</h1>
      <p className="text-body-secondary small">
        {COMPARE_TEXT.keyBefore}
        <span className="compare-best-key">{COMPARE_TEXT.best}</span>
        {COMPARE_TEXT.keyAfter}
      </p>
      <div className="table-responsive compare-scroll" tabIndex={0} aria-label={COMPARE_TEXT.table}>
        <table className="table compare-table align-middle">
          <caption className="visually-hidden">{certs.map((c) => c.name).join(COMPARE_TEXT.comparedWith)}</caption>
          <thead>
            <tr>
              <th scope="col" className="compare-label">
                <span className="visually-hidden">{COMPARE_TEXT.fact}</span>
              </th>
              {certs.map((c) => (
                <th scope="col" key={c.id}>
                  <Link to={`/certification/${c.slug}`}>{c.name}</Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COMPARE_ROWS.map((row) => {
              const best = bestOf(row, certs);
              return (
                <tr key={row.label} className={differs(row, certs) ? 'compare-differs' : undefined}>
                  <th scope="row" className="compare-label">
                    {row.label}
                    {row.hint && (
                      <div className="small text-body-secondary compare-hint" id={hintId(row.label)}>
                        {row.hint}
                      </div>
                    )}
                  </th>
                  {certs.map((c, i) => {
                    const value = row.show(c);
                    return (
                      <td
                        key={c.id}
                        className={best.has(i) ? 'compare-best' : undefined}
                        aria-describedby={row.hint ? hintId(row.label) : undefined}
                      >
                        {value ??
                          (row.facts?.some((f) => sourceOfFact(c.sources, f)) ? (
                            <span className="small text-body-secondary">{NONE_PUBLISHED}</span>
                          ) : (
                            <span aria-label={NOT_KNOWN}>—</span>
                          ))}
                        {value !== null && row.facts && (
                          <SourceLink sources={c.sources} facts={row.facts} today={today} />
                        )}
                        {best.has(i) && <span className="visually-hidden">{COMPARE_TEXT.bestMark}</span>}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
