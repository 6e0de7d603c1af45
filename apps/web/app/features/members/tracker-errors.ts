import { MSG, TRACKER_TEXT } from '@certitude/shared';
import { ApiError, errorText } from '../../lib/api-client';

/** The tracker form's fields that the server's rules name. */
type TrackerField = 'certification' | 'earnedOn' | 'expiresOn' | 'targetDate';
export type TrackerErrors = Partial<Record<TrackerField | 'general', string>>;

/** Which field each of the rules' sentences is about (docs/product.md#members); the rest are shown above the form. */
const FIELD_OF: Record<string, TrackerField> = {
  [MSG.trackerEarnedRequired]: 'earnedOn',
  [MSG.trackerEarnedInFuture]: 'earnedOn',
  [MSG.trackerExpiresBeforeEarned]: 'expiresOn',
  [MSG.trackerDatesOnlyWhenHeld]: 'earnedOn',
  [MSG.trackerTargetOnlyWhenNotHeld]: 'targetDate',
  [MSG.certificationNotFound]: 'certification',
};

/**
 * A refused save as messages by field: the server answers a 400 with the rules' sentences joined by '; ', each put
 * under the field it is about. Anything else is one message: the server's, the offline text, or 'Failed to save'.
 */
export function trackerErrors(err: unknown): TrackerErrors {
  if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 404) || !err.serverMessage) {
    return { general: errorText(err, TRACKER_TEXT.saveFailed) };
  }
  const errors: TrackerErrors = {};
  for (const sentence of err.serverMessage.split('; ')) {
    const field = FIELD_OF[sentence] ?? 'general';
    errors[field] = errors[field] ? `${errors[field]} ${sentence}` : sentence;
  }
  return errors;
}
