import { useId, type FormEvent, type ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { MSG } from '@nomadas/shared';
import type { ZodSafeParseResult } from 'zod';
import { ApiFailure } from '../../../api/queries/apiData';
import { firstIssue, formValues, useFormState } from '../../../components/AuthModal/fields';
import { toast } from '../../../components/Toast/toast';
import styles from './settings.module.css';

interface SettingsFormOptions<K extends string, Body> {
  fields: readonly K[];
  /** The request's shared schema: the form is checked with it before anything is sent. */
  schema: { safeParse(values: Record<K, string>): ZodSafeParseResult<Body> };
  /** Sends the checked body; resolves to the server's message. */
  send: (body: Body) => Promise<string | undefined>;
  /** Shown when the server's answer brings no message of its own. */
  okMessage: string;
  /** The fields to mark when the check fails with a message that names none. */
  unplaced: (message: string, values: Record<K, string>) => readonly K[];
  /** Where each refusal of the server belongs on the form. */
  fieldOfMessage: Partial<Record<string, K>>;
}

/** Check, send, toast how it went, empty the form on success and mark the field a refusal is about. */
export function useSettingsForm<K extends string, Body>(options: SettingsFormOptions<K, Body>) {
  const { fields, schema, send, okMessage, unplaced, fieldOfMessage } = options;
  const { busy, invalid, run, markInvalid, onInput } = useFormState();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values = formValues(form, fields);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const { message, field } = firstIssue(parsed.error);
      toast(message, 'ko');
      return markInvalid(form, field ? [field] : unplaced(message, values));
    }
    void run(async () => {
      try {
        toast((await send(parsed.data)) ?? okMessage, 'ok');
        form.reset();
      } catch (error) {
        const msg = error instanceof ApiFailure ? error.serverMsg : undefined;
        toast(msg || MSG.serverError, 'ko');
        const field = msg ? fieldOfMessage[msg] : undefined;
        if (field) markInvalid(form, [field]);
      }
    });
  }

  return { busy, invalid, onInput, submit };
}

interface SettingsFormSectionProps {
  texts: { title: string; lead: string; submit: string; busy: string };
  form: Pick<ReturnType<typeof useSettingsForm>, 'busy' | 'onInput' | 'submit'>;
  /** What stands between the heading and the lead (the current value, a pending change). */
  intro?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
}

/** A settings card whose body is one form with a single submit button. */
export function SettingsFormSection({ texts, form, intro, children }: SettingsFormSectionProps) {
  const headingId = useId();
  const { busy, onInput, submit } = form;
  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId}>
      <div className={styles.body}>
        <h2 id={headingId} className={styles.heading}>
          {texts.title}
        </h2>
        {intro}
        <p className={styles.lead}>{texts.lead}</p>
        <form noValidate onSubmit={submit} onInput={onInput} aria-busy={busy}>
          {children}
          <div className={styles.actions}>
            <button type="submit" className="btn btn-secondary" aria-disabled={busy}>
              {busy && <LoaderCircle aria-hidden="true" size={20} className={styles.spinner} />}
              {busy ? texts.busy : texts.submit}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
