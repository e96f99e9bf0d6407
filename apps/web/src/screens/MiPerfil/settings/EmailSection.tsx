import { useId, type FormEvent } from 'react';
import { LoaderCircle, MailCheck } from 'lucide-react';
import { MSG } from '@nomadas/shared';
import { changeEmailBody } from '@nomadas/shared/schemas';
import { ApiFailure } from '../../../api/queries/apiData';
import { useChangeEmailMutation } from '../../../api/queries/changeEmail';
import type { OwnProfile } from '../../../api/queries/ownProfile';
import {
  firstIssue,
  formValues,
  PasswordField,
  TextField,
  useFormState,
} from '../../../components/AuthModal/fields';
import { toast } from '../../../components/Toast/toast';
import { esSettings } from '../../../i18n/screens/settings';
import styles from './settings.module.css';

const text = esSettings.email;
const FIELDS = ['email', 'password'] as const;

/** The address, a change waiting for its link, and the form that asks for one. */
export function EmailSection({ profile }: { profile: OwnProfile }) {
  const headingId = useId();
  const change = useChangeEmailMutation();
  const { busy, invalid, run, markInvalid, onInput } = useFormState();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const parsed = changeEmailBody.safeParse(formValues(form, FIELDS));
    if (!parsed.success) {
      const { message, field } = firstIssue(parsed.error);
      toast(message, 'ko');
      return markInvalid(form, field ? [field] : FIELDS);
    }
    void run(async () => {
      try {
        toast((await change.mutateAsync(parsed.data)) ?? MSG.emailChangeSent, 'ok');
        form.reset();
      } catch (error) {
        const msg = error instanceof ApiFailure ? error.serverMsg : undefined;
        toast(msg || MSG.serverError, 'ko');
        if (msg === MSG.passwordWrong) markInvalid(form, ['password']);
        else if (msg === MSG.emailSameAsCurrent) markInvalid(form, ['email']);
      }
    });
  }

  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId}>
      <div className={styles.body}>
        <h2 id={headingId} className={styles.heading}>
          {text.title}
        </h2>
        <p className={styles.current}>
          <span className={styles.currentLabel}>{text.current}</span>
          <strong className={styles.currentValue}>{profile.email}</strong>
        </p>
        {profile.email_pendiente && (
          <div className={styles.pending} role="status">
            <MailCheck aria-hidden="true" size={20} />
            <p>
              <strong>{text.pendingTitle}</strong> {text.pending(profile.email_pendiente)}
            </p>
          </div>
        )}
        <p className={styles.lead}>{text.lead}</p>
        <form noValidate onSubmit={submit} onInput={onInput} aria-busy={busy}>
          <TextField
            name="email"
            type="email"
            inputMode="email"
            label={text.newEmail}
            autoComplete="email"
            invalid={invalid.has('email')}
          />
          <PasswordField
            name="password"
            label={text.password}
            autoComplete="current-password"
            invalid={invalid.has('password')}
          />
          <div className={styles.actions}>
            <button type="submit" className="btn btn-secondary" aria-disabled={busy}>
              {busy && <LoaderCircle aria-hidden="true" size={20} className={styles.spinner} />}
              {busy ? text.busy : text.submit}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
