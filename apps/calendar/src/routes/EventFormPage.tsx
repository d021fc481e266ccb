import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { calendarEventBody } from '@portal/api-client/schemas/calendar';
import { ApiError, calendarDates as cd, PlanType, type CalendarEventDetail } from '@portal/api-client/core';
import { translateError } from '@portal/i18n';
import { Button, isImeComposing, Spinner, useDocumentTitle, useModal } from '@portal/ui';
import { useErrorStrings } from '@portal/ui/kit';
import { useShowActionError } from '@portal/content/kit';
import { useCalendarActions, useEvent } from '../api/calendar';
import { EventFields } from '../components/EventFields/EventFields';
import { EventProblem } from '../components/EventProblem/EventProblem';
import { bodyOf, emptyForm, formOf, shiftToSeries, type FormState } from '../lib/formState';
import { slashDate } from '../lib/labels';
import { ScopeDialog, type Scope } from '../components/ScopeDialog/ScopeDialog';

type Errors = Record<string, string[] | undefined>;

/** Client-side check with the API's own schema; keys are validation message keys. */
function check(f: FormState): Errors {
  const r = calendarEventBody.safeParse(bodyOf(f));
  if (r.success) return {};
  const out: Errors = {};
  for (const i of r.error.issues)
    out[String(i.path[0] ?? 'form')] ??= [i.message.startsWith('validation.') ? i.message : 'validation.invalid'];
  return out;
}

function Form({ initial, existing }: { initial: FormState; existing?: CalendarEventDetail }) {
  const { t } = useTranslation(['calendarPages', 'calendar'], { nsMode: 'fallback' });
  const { t: tErr, afterLoad } = useErrorStrings();
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [booking, setBooking] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const actions = useCalendarActions();
  const navigate = useNavigate();
  const modal = useModal();
  const showError = useShowActionError();
  const pending = actions.create.isPending || actions.update.isPending;

  const save = async (scope: Scope) => {
    setAsking(false);
    let body = bodyOf(value);
    try {
      let res;
      if (!existing || existing.id === null) {
        res = await actions.create.mutateAsync(body);
      } else {
        const repeat = existing.plan_type === PlanType.REPEAT;
        if (repeat && scope === 3) body = shiftToSeries(body, existing.occurrence_date, existing.series_start_date);
        res = await actions.update.mutateAsync({
          id: existing.id,
          event: body,
          edit_type: repeat ? scope : 3,
          edit_date: repeat && scope !== 3 ? existing.occurrence_date : null,
        });
      }
      modal.success({ message: t(existing ? 'form.updated' : 'form.created') });
      navigate(`/calendar/${res.items.id}?date=${res.items.occurrence_date}`);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === 'VALIDATION_ERROR' && err.body?.errors) return setErrors(err.body.errors);
      if (['EQUIPMENT_ALREADY_BOOKED', 'OUTSIDE_BUSINESS_HOURS', 'RESERVATION_RETROACTIVE'].includes(err.code)) {
        const dates = (err.body?.data?.dates as string[] | undefined) ?? [];
        const booked = dates.length ? ` ${t('form.booked_dates', { dates: dates.map(slashDate).join('、') })}` : '';
        return afterLoad(() => setBooking(`${translateError(tErr, err.code)}${booked}`));
      }
      showError(err);
    }
  };

  const submit = () => {
    const problems = check(value);
    setErrors(problems);
    setBooking(null);
    if (Object.keys(problems).length || pending) return;
    if (existing && existing.plan_type === PlanType.REPEAT) setAsking(true);
    else void save(3);
  };

  return (
    <form
      className="pcal-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      // The Enter that confirms an IME conversion in a text field must not submit the form.
      onKeyDown={(e) => {
        if (e.key === 'Enter' && isImeComposing(e)) e.preventDefault();
      }}
    >
      <EventFields value={value} onChange={setValue} errors={errors} />
      {booking ? (
        <div role="alert" className="pcal-booking-error">
          <p>{booking}</p>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              void actions.refresh();
              setBooking(null);
              modal.info({ message: t('form.refreshed') });
            }}
          >
            {t('form.refresh')}
          </Button>
        </div>
      ) : null}
      <div className="pcal-actions">
        <Button type="submit" loading={pending}>
          {t('form.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => navigate(-1)}>
          {t('form.cancel')}
        </Button>
      </div>
      {asking ? <ScopeDialog kind="edit_scope" onChoose={(s) => void save(s)} onCancel={() => setAsking(false)} /> : null}
    </form>
  );
}

/** /calendar/create?date=: a new event on the chosen day. */
export function CreateEventPage() {
  const { t } = useTranslation(['calendarPages', 'calendar'], { nsMode: 'fallback' });
  useDocumentTitle(t('routes.create'));
  const [params] = useSearchParams();
  const raw = params.get('date') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : cd.tokyoToday();
  return (
    <section aria-labelledby="pcal-form-title">
      <h1 id="pcal-form-title" className="pui-page-title">
        {t('routes.create')}
      </h1>
      <Form initial={emptyForm(date)} />
    </section>
  );
}

/** /calendar/{id}/edit?date=: the event at the occurrence it was opened on. */
export function EditEventPage() {
  const { t } = useTranslation(['calendarPages', 'calendar'], { nsMode: 'fallback' });
  useDocumentTitle(t('routes.edit'));
  const id = Number(useParams().id);
  const date = useSearchParams()[0].get('date');
  const q = useEvent(id, date);
  if (q.isPending) return <Spinner />;
  if (q.isError || !q.data.can_edit)
    return <EventProblem title={t('routes.edit')} error={q.error} denied={q.isError ? undefined : 'update'} />;
  return (
    <section aria-labelledby="pcal-form-title">
      <h1 id="pcal-form-title" className="pui-page-title">
        {t('routes.edit')}
      </h1>
      <Form initial={formOf(q.data)} existing={q.data} />
    </section>
  );
}
