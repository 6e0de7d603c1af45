import { MSG, type Certification, type RatingsPage } from '@certitude/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { certificationRatings, certifications } from '../../db/schema/index.js';
import { RATING_BURST } from '../catalogue/catalogue-limits.js';
import { signedIn, type Member } from '../../../test/support/catalogue.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The app's clock: stands still unless a test moves it (the first-week limit below). */
let clock = Date.now();
let t: TestApp;
let member: Member;
beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
  member = await signedIn(t);
});
afterAll(() => t.close());

const good = { difficulty: 4, value: 5, recognition: 3 };
const rate = (who: Member | undefined, id: number | string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/certification/${id}/rating`,
    headers: who?.headers ?? {},
    payload: payload as Record<string, unknown>,
  });
const ratings = async (id: number | string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/certification/${id}/ratings${query}` });
const certification = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/certification/${id}` })).json() as Certification;

describe('PUT /api/certification/{id}/rating', () => {
  it('saves one rating per member; a second PUT replaces it; GET gives it back; DELETE takes it back', async () => {
    const cert = await buildCertification(t.db.db);
    const first = await rate(member, cert.id, {
      ...good,
      studyHours: 80,
      outcome: 'PASSED_FIRST_TRY',
      examYear: 2025,
      review: 'Worth it.',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      ...good,
      studyHours: 80,
      outcome: 'PASSED_FIRST_TRY',
      examYear: 2025,
      review: 'Worth it.',
    });
    const second = await rate(member, cert.slug, { difficulty: 2, value: 2, recognition: 2 });
    expect(second.json()).toMatchObject({ difficulty: 2, studyHours: null, review: null });
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/certification/${cert.id}/rating`,
      headers: member.headers,
    });
    expect(own.json()).toMatchObject({ difficulty: 2, value: 2, recognition: 2 });
    expect((await certification(cert.id)).ratingCount).toBe(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/certification/${cert.id}/rating`,
      headers: member.headers,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/certification/${cert.id}/rating`,
      headers: member.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(MSG.ratingNotFound);
    expect((await certification(cert.id)).ratingCount).toBe(0);
  });

  it('refuses bad values with a message naming the rule, and asks a visitor to log in', async () => {
    const cert = await buildCertification(t.db.db);
    for (const [payload, text] of [
      [{ ...good, difficulty: 0 }, 'Difficulty must be a whole number from 1 to 5'],
      [{ ...good, value: 6 }, 'Value must be a whole number from 1 to 5'],
      [{ ...good, recognition: 2.5 }, 'Recognition must be a whole number from 1 to 5'],
      [{ difficulty: 3, value: 3 }, 'Recognition must be a whole number from 1 to 5'],
      [{ ...good, studyHours: 2001 }, 'Study hours must be at most 2000'],
      [{ ...good, outcome: 'MAYBE' }, 'The outcome must be one of'],
      [{ ...good, examYear: 1989 }, 'The exam year must be 1990 or later'],
      [{ ...good, examYear: new Date().getUTCFullYear() + 1 }, 'The exam year cannot be in the future'],
      [{ ...good, review: 'x'.repeat(2001) }, 'The review must be at most 2000 characters'],
      [{ ...good, review: 'Nice <script>alert(1)</script>' }, MSG.reviewDangerous],
    ] as const) {
      const res = await rate(member, cert.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(text);
    }
    const visitor = await rate(undefined, cert.id, good);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(MSG.mustLoginToRate);
    const pending = await buildCertification(t.db.db, { status: 'PENDING' });
    expect((await rate(member, pending.id, good)).statusCode).toBe(404);
  });

  it('stops a burst of rating writes with 429', async () => {
    const busy = await signedIn(t);
    const cert = await buildCertification(t.db.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await rate(busy, cert.id, { ...good, difficulty: (i % 5) + 1 })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('GET /api/certification/{id}/ratings', () => {
  it('hides the means below 3 ratings, then gives means, distributions, study hours and outcomes', async () => {
    const cert = await buildCertification(t.db.db);
    const raters = await Promise.all([1, 2, 3, 4].map(() => signedIn(t)));
    await rate(raters[0], cert.id, {
      difficulty: 5,
      value: 4,
      recognition: 4,
      studyHours: 100,
      outcome: 'PASSED_FIRST_TRY',
    });
    await rate(raters[1], cert.id, { difficulty: 4, value: 4, recognition: 5, studyHours: 40, outcome: 'FAILED' });
    let page = (await ratings(cert.id)).json() as RatingsPage;
    expect(page.summary).toMatchObject({ count: 2, difficulty: { mean: null, distribution: [0, 0, 0, 1, 1] } });
    expect((await certification(cert.id)).difficulty).toBeNull();

    await rate(raters[2], cert.id, { difficulty: 3, value: 5, recognition: 3, studyHours: 60 });
    await rate(raters[3], cert.id, { difficulty: 4, value: 2, recognition: 4, review: 'Hard but fair.' });
    page = (await ratings(cert.id)).json() as RatingsPage;
    expect(page.summary).toEqual({
      count: 4,
      verifiedHolders: 0,
      difficulty: { mean: 4, distribution: [0, 0, 1, 2, 1] },
      value: { mean: 3.75, distribution: [0, 1, 0, 2, 1] },
      recognition: { mean: 4, distribution: [0, 0, 1, 2, 1] },
      studyHours: { median: 60, p25: 50, p75: 80, count: 3 },
      outcomes: { PASSED_FIRST_TRY: 1, PASSED_RETAKE: 0, FAILED: 1, STUDYING: 0 },
    });
    expect(await certification(cert.id)).toMatchObject({ ratingCount: 4, difficulty: 4, value: 3.75, recognition: 4 });
    expect(page.reviews[0]).toMatchObject({ username: raters[3]!.user.username, review: 'Hard but fair.' });
  });

  it("shows a member's outcome and study hours only when they chose to; the summary counts them either way", async () => {
    const cert = await buildCertification(t.db.db);
    const [shy, open] = await Promise.all([signedIn(t), signedIn(t)]);
    await rate(shy, cert.id, { ...good, studyHours: 120, outcome: 'FAILED', examYear: 2025, review: 'Long.' });
    await rate(open, cert.id, { ...good, studyHours: 30, outcome: 'PASSED_RETAKE', review: 'Worth it.' });
    const setting = (who: Member, showOutcome?: boolean) =>
      t.app.inject({
        method: showOutcome === undefined ? 'GET' : 'PUT',
        url: '/api/user/rating-privacy',
        headers: who.headers,
        ...(showOutcome === undefined ? {} : { payload: { showOutcome } }),
      });
    // Off by default.
    expect((await setting(shy)).json()).toEqual({ showOutcome: false });
    expect((await setting(open, true)).json()).toEqual({ showOutcome: true });
    expect((await setting(open)).json()).toEqual({ showOutcome: true });

    const byName = (page: RatingsPage) => new Map(page.reviews.map((r) => [r.username, r]));
    // The API and the page the server renders for a visitor read the same reviews.
    for (const page of [
      (await ratings(cert.id)).json() as RatingsPage,
      (await t.app.pageData.ratings(String(cert.id), 10))!,
    ]) {
      const reviews = byName(page);
      expect(reviews.get(shy.user.username)).toMatchObject({ outcome: null, studyHours: null, examYear: 2025 });
      expect(reviews.get(open.user.username)).toMatchObject({ outcome: 'PASSED_RETAKE', studyHours: 30 });
      expect(page.summary.outcomes).toMatchObject({ FAILED: 1, PASSED_RETAKE: 1 });
      expect(page.summary.studyHours).toMatchObject({ count: 2, p75: 97.5 });
    }
    // The member still sees their own rating whole.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/certification/${cert.id}/rating`,
      headers: shy.headers,
    });
    expect(own.json()).toMatchObject({ outcome: 'FAILED', studyHours: 120 });

    // Turned on, then off again: the reviews follow at once.
    await setting(shy, true);
    expect(byName((await ratings(cert.id)).json()).get(shy.user.username)).toMatchObject({ outcome: 'FAILED' });
    await setting(shy, false);
    expect(byName((await ratings(cert.id)).json()).get(shy.user.username)).toMatchObject({ outcome: null });

    // A visitor has no setting; anything but a boolean is a 400.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/rating-privacy' })).statusCode).toBe(401);
    for (const payload of [{ showOutcome: 'yes' }, {}, { showOutcome: true, extra: 1 }]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/user/rating-privacy', headers: shy.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('pages the ratings newest first with a Link to the next page', async () => {
    const cert = await buildCertification(t.db.db);
    const raters = await Promise.all([1, 2, 3, 4, 5].map(() => signedIn(t)));
    for (const r of raters) await rate(r, cert.id, good);
    const first = await ratings(cert.id, '?limit=2');
    expect((first.json() as RatingsPage).reviews.map((r) => r.username)).toEqual(
      [raters[4], raters[3]].map((r) => r!.user.username),
    );
    const link = first.headers.link as string;
    const names: string[] = [];
    let url: string | undefined = link.slice(1, link.indexOf('>'));
    while (url) {
      const res = await t.app.inject({ method: 'GET', url });
      names.push(...(res.json() as RatingsPage).reviews.map((r) => r.username));
      const next = res.headers.link as string | undefined;
      url = next ? next.slice(1, next.indexOf('>')) : undefined;
    }
    expect(names).toEqual([raters[2], raters[1], raters[0]].map((r) => r!.user.username));
    expect((await ratings(cert.id, '?limit=51')).statusCode).toBe(400);
    expect((await ratings(cert.id, '?reviewed=yes')).statusCode).toBe(400);
    expect((await ratings(cert.id, '?cursor=abc')).statusCode).toBe(400);
  });

  it('lists as reviews only the ratings with words, for the API’s `reviewed=true` and the page the server renders', async () => {
    const cert = await buildCertification(t.db.db);
    const [silent, blank, writer, older] = await Promise.all([1, 2, 3, 4].map(() => signedIn(t)));
    await rate(older, cert.id, { ...good, review: 'Older words.' });
    await rate(writer, cert.id, { ...good, review: 'Clear labs, fair questions.' });
    await rate(blank, cert.id, { ...good, review: '   ' });
    await rate(silent, cert.id, good);
    const every = (await ratings(cert.id)).json() as RatingsPage;
    expect(every.reviews.map((r) => r.username)).toEqual([silent, blank, writer, older].map((m) => m!.user.username));
    const first = await ratings(cert.id, '?reviewed=true&limit=1');
    expect((first.json() as RatingsPage).reviews).toMatchObject([
      { username: writer!.user.username, review: 'Clear labs, fair questions.' },
    ]);
    expect((first.json() as RatingsPage).summary.count).toBe(4);
    const link = first.headers.link as string;
    const next = await t.app.inject({ method: 'GET', url: link.slice(1, link.indexOf('>')) });
    expect((next.json() as RatingsPage).reviews.map((r) => r.username)).toEqual([older!.user.username]);
    const rendered = (await t.app.pageData.ratings(String(cert.id), 5))!;
    expect(rendered.reviews.map((r) => r.review)).toEqual(['Clear labs, fair questions.', 'Older words.']);
    expect(rendered.summary.count).toBe(4);
  });
});

describe('the certification’s sums', () => {
  it('equal its rating rows after many members rate and re-rate at once', async () => {
    const cert = await buildCertification(t.db.db);
    const raters = await Promise.all(Array.from({ length: 20 }, () => signedIn(t)));
    await Promise.all(
      raters.map(async (r, i) => {
        for (let w = 0; w < 20; w++) {
          const v = ((i + w) % 5) + 1;
          // The rate limit is not what this test is about.
          await t.app.rateLimiter.reset(RATING_BURST, `user:${r.user.id}`);
          const res =
            w === 19 && i % 4 === 0
              ? await t.app.inject({
                  method: 'DELETE',
                  url: `/api/certification/${cert.id}/rating`,
                  headers: r.headers,
                })
              : await rate(r, cert.id, { difficulty: v, value: 6 - v, recognition: 3 });
          expect([200, 204]).toContain(res.statusCode);
        }
      }),
    );
    const summary = ((await ratings(cert.id)).json() as RatingsPage).summary;
    const [row] = await t.db.db.select().from(certifications).where(eq(certifications.id, cert.id));
    expect(row!.ratingCount).toBe(summary.count);
    expect(summary.count).toBe(15);
    const sum = (d: number[]) => d.reduce((acc, n, k) => acc + n * (k + 1), 0);
    expect(row!.difficultySum).toBe(sum(summary.difficulty.distribution));
    expect(row!.valueSum).toBe(sum(summary.value.distribution));
    expect(row!.recognitionSum).toBe(sum(summary.recognition.distribution));
  });
});

describe('GET /api/compare', () => {
  it('answers two to four certifications in the order asked, with facts and rating summaries', async () => {
    const a = await buildCertification(t.db.db);
    const b = await buildCertification(t.db.db);
    const res = await t.app.inject({ method: 'GET', url: `/api/compare?c=${b.slug},${a.id}` });
    expect(res.statusCode).toBe(200);
    const { certifications: list } = res.json() as { certifications: (Certification & { ratings: unknown })[] };
    expect(list.map((c) => c.id)).toEqual([b.id, a.id]);
    expect(list[0]).toMatchObject({ level: null, exam: { costUsd: null }, ratings: { count: 0 } });
  });

  it('refuses fewer than two, more than four and repeats with 400, and an unknown one with 404 naming it', async () => {
    const a = await buildCertification(t.db.db);
    for (const [c, text] of [
      [`${a.slug}`, 'Name at least two certifications to compare'],
      ['a,b,c,d,e', 'At most four certifications can be compared at once'],
      [`${a.slug},${a.slug}`, 'Each certification can be compared only once'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/compare?c=${c}` });
      expect(res.statusCode, c).toBe(400);
      expect(res.json().message).toContain(text);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/compare' })).statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/compare?c=${a.slug},no-such-thing` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(`${MSG.certificationNotFound}: no-such-thing`);
  });
});

describe('new ratings in an account’s first week (docs/decisions/0029-new-account-limits.md)', () => {
  const ratingOf = async (who: Member, certificationId: number) =>
    t.db.db
      .select()
      .from(certificationRatings)
      .where(
        and(eq(certificationRatings.userId, who.user.id), eq(certificationRatings.certificationId, certificationId)),
      );

  it('the 11th new rating of the day is 429 saying when it resets; editing a rating is not counted', async () => {
    const newcomer = await signedIn(t, 'USER', { createdAt: new Date(clock - 3 * DAY) });
    const certs = await Promise.all(Array.from({ length: 11 }, () => buildCertification(t.db.db)));
    for (const c of certs.slice(0, 10)) expect((await rate(newcomer, c.id, good)).statusCode).toBe(200);

    clock += 2 * HOUR; // past the burst limit's minute; the day's window has 22 hours left
    const edited = await rate(newcomer, certs[0]!.id, { ...good, difficulty: 2 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ difficulty: 2 });

    const refused = await rate(newcomer, certs[10]!.id, good);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'New accounts can rate 10 certifications a day in their first week. You can rate another in 22 hours.',
    );
    expect(Number(refused.headers['retry-after'])).toBe(22 * 60 * 60);
    expect(await ratingOf(newcomer, certs[10]!.id)).toEqual([]);

    clock += 22 * HOUR;
    expect((await rate(newcomer, certs[10]!.id, good)).statusCode).toBe(200);
    expect(await ratingOf(newcomer, certs[10]!.id)).toHaveLength(1);
  });

  it('an 8-day-old account is past its first week: its 11th new rating of the day passes', async () => {
    const member = await signedIn(t, 'USER', { createdAt: new Date(clock - 8 * DAY) });
    const certs = await Promise.all(Array.from({ length: 11 }, () => buildCertification(t.db.db)));
    for (const c of certs.slice(0, 10)) expect((await rate(member, c.id, good)).statusCode).toBe(200);
    clock += MINUTE; // past the burst limit's minute
    expect((await rate(member, certs[10]!.id, good)).statusCode).toBe(200);
  });
});
