import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { activationRequiredMessage, MSG } from '@nomadas/shared';
import { loginBody } from '@nomadas/shared/schemas';
import { logIn } from '../../api/accounts';
import { AUTH_MODE, closeOverlay } from '../../app/shellStore';
import { esOverlays } from '../../i18n/es.overlays';
import { session } from '../../session/session';
import { settings } from '../../settings';
import { infoPopup } from '../InfoPopup/infoPopup';
import { toast } from '../Toast/toast';
import { openAuthModal } from './openAuthModal';
import {
  firstIssue,
  formValues,
  PasswordField,
  ModeSwitch,
  SubmitButton,
  TextField,
  useFormState,
} from './fields';
import styles from './AuthModal.module.css';

const FIELDS = ['username', 'password'] as const;

export function LoginForm() {
  const { busy, invalid, run, markInvalid, onInput } = useFormState();
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values = formValues(form, FIELDS);
    const parsed = loginBody.safeParse(values);
    if (!parsed.success) {
      toast(firstIssue(parsed.error).message, 'ko');
      markInvalid(
        form,
        FIELDS.filter((name) => values[name].trim() === ''),
      );
      return;
    }
    void run(async () => {
      const answer = await logIn(parsed.data);
      if (answer === false) return toast(MSG.serverError, 'ko');
      if (answer.state !== 'OK') return toast(answer.msg || MSG.badCredentials, 'ko');
      if (answer.username === -1) {
        infoPopup({
          title: esOverlays.auth.activationTitle,
          text: activationRequiredMessage(settings.siteName),
        });
        return;
      }
      if (!session.login(answer)) return toast(MSG.serverError, 'ko');
      closeOverlay();
      toast(MSG.loggedIn, 'ok');
      // The account's first login (the server says so once): its first steps, instead of the page it was on.
      if (answer.first) navigate('/primeros-pasos');
    }, true);
  }

  return (
    <form noValidate onSubmit={onSubmit} onInput={onInput}>
      <TextField
        name="username"
        label={esOverlays.auth.usernameOrEmail}
        autoComplete="username"
        invalid={invalid.has('username')}
        autoFocusFirst
      />
      <PasswordField
        name="password"
        label={esOverlays.auth.password}
        autoComplete="current-password"
        invalid={invalid.has('password')}
      />
      <p className={styles.forgot}>
        <button type="button" className="link-button" onClick={() => openAuthModal(AUTH_MODE.recovery)}>
          {esOverlays.auth.forgot}
        </button>
      </p>
      <SubmitButton busy={busy} label={esOverlays.auth.submit[1]} busyLabel={esOverlays.auth.busy[1]} />
      <ModeSwitch
        lead={esOverlays.auth.noAccount}
        label={esOverlays.auth.toRegister}
        to={AUTH_MODE.register}
      />
    </form>
  );
}
