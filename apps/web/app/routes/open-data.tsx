import { OPEN_DATA_TEXT, type OpenDataIndex } from '@certitude/shared';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/open-data';

const LICENCE_URL = 'https://creativecommons.org/licenses/by-sa/4.0/';

export async function loader({ context }: Route.LoaderArgs) {
  let index: OpenDataIndex | null = null;
  try {
    index = await context.data.openDataIndex();
  } catch (err) {
    // The page explains the files without them: their list waits for the next build.
    console.error('Open data page: could not read the index', err);
  }
  return { index, publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: OPEN_DATA_TEXT.title,
    description: OPEN_DATA_TEXT.description,
    url: `${data?.publicUrl ?? ''}/data`,
  });

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(bytes < 100_000 ? 2 : 1)} MB`;

/** /data: the open data dump's files, their licence and how to cite them (docs/api.md#open-data). */
export default function OpenDataScreen({ loaderData }: Route.ComponentProps) {
  const { index, publicUrl } = loaderData;
  const day = index?.generatedAt.slice(0, 10) ?? new Date().toISOString().slice(0, 10);
  const describe: Record<string, string> = {
    'certifications.jsonl.gz': OPEN_DATA_TEXT.jsonFile,
    'certifications.csv': OPEN_DATA_TEXT.csvFile,
  };
  return (
    <div className="container py-4" style={{ maxWidth: '56rem' }}>
      <h1 className="h2 mb-2">{OPEN_DATA_TEXT.title}</h1>
      <p className="lead mb-4">{OPEN_DATA_TEXT.intro}</p>

      <h2 className="h4">{OPEN_DATA_TEXT.filesTitle}</h2>
      <ul className="mb-2">
        <li>
          <a href="/data/index.json">
            <code>{OPEN_DATA_TEXT.indexName}</code>
          </a>{' '}
          {OPEN_DATA_TEXT.indexFile}
        </li>
        {(index?.files ?? []).map((f) => (
          <li key={f.name} data-testid="open-data-file">
            <a href={new URL(f.url).pathname} download>
              <code>{f.name}</code>
            </a>{' '}
            {OPEN_DATA_TEXT.fileSummary(megabytes(f.bytes), f.records)}
            {describe[f.name]}
            <br />
            <small className="text-body-secondary text-break">{OPEN_DATA_TEXT.checksum(f.sha256)}</small>
          </li>
        ))}
      </ul>
      <p className="text-body-secondary small mb-4">{OPEN_DATA_TEXT.keep}</p>

      <h2 className="h4">{OPEN_DATA_TEXT.licenceTitle}</h2>
      <p>
        {OPEN_DATA_TEXT.licence}{' '}
        <a href={LICENCE_URL} rel="license">
          {OPEN_DATA_TEXT.licenceLink}
        </a>
        .
      </p>

      <h2 className="h4">{OPEN_DATA_TEXT.citeTitle}</h2>
      <blockquote className="border-start border-3 ps-3 mb-4">
        <p className="mb-0">{OPEN_DATA_TEXT.cite(publicUrl, day)}</p>
      </blockquote>

      <h2 className="h4">{OPEN_DATA_TEXT.apiTitle}</h2>
      <p>
        {OPEN_DATA_TEXT.api} <a href="/api/docs">{OPEN_DATA_TEXT.apiLink}</a>
      </p>
    </div>
  );
}
