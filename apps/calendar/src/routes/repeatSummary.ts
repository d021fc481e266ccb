import type { TFunction } from 'i18next';
import { DeadlineType, LAST_DAY_OF_MONTH, RepeatType, type CalendarEvent } from '@portal/api-client/core';
import { slashDate } from '../lib/labels';

/** "毎週 月・水 / 2026/12/01まで". */
export function repeatSummary(t: TFunction, e: CalendarEvent): string {
  const unit =
    {
      [RepeatType.DAILY]: t('form.repeat_daily'),
      [RepeatType.DAILY_NO_WEEKEND]: t('form.repeat_weekdays'),
      [RepeatType.WEEKLY]: `${t('form.repeat_weekly')} ${e.every_week_day.map((d) => t(`weekdays.${d}`)).join('・')}`,
      [RepeatType.MONTHLY]: `${t('form.repeat_monthly')} ${e.every_month_day === LAST_DAY_OF_MONTH ? t('form.month_last_day_short') : (e.every_month_day ?? '')}`,
    }[e.repeat_type ?? 0] ?? '';
  const until =
    e.deadline_type === DeadlineType.TIME_LIMIT && e.end_deadline
      ? t('preview.until', { date: slashDate(e.end_deadline) })
      : t('form.deadline_indefinite');
  return `${unit.trim()} / ${until}`;
}
