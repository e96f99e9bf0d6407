import type { FormEvent } from 'react';
import { MSG } from '@nomadas/shared';
import { recoveryBody } from '@nomadas/shared/schemas';
import { requestRecovery } from '../../api/accounts';
import { AUTH_MODE, closeOverlay } from '../../app/shellStore';
import { esOverlays } from '../../i18n/es.overlays';
import { toast } from '../Toast/toast';
import { firstIssue, formValues, ModeSwitch, SubmitButton, TextField, useFormState } from './fields';

export function RecoveryForm() {
  const { busy, invalid, run, markInvalid, onInput } = useFormState();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const parsed = recoveryBody.safeParse(formValues(form, ['email']));
    if (!parsed.success) {
      toast(firstIssue(parsed.error).message, 'ko');
      return markInvalid(form, ['email']);
    }
    const body = parsed.data;
    void run(async () => {
      const answer = await requestRecovery(body);
      if (answer === false) return toast(MSG.serverError, 'ko');
      if (answer.state !== 'OK') return toast(answer.msg || MSG.serverError, 'ko');
      closeOverlay();
      toast(answer.msg || MSG.recoverySent, 'ok');
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} onInput={onInput}>
      <TextField
        name="email"
        type="email"
        inputMode="email"
        label={esOverlays.auth.email}
        autoComplete="email"
        invalid={invalid.has('email')}
        autoFocusFirst
      />
      <SubmitButton busy={busy} label={esOverlays.auth.submit[3]} busyLabel={esOverlays.auth.busy[3]} />
      <ModeSwitch label={esOverlays.auth.backToLogin} to={AUTH_MODE.login} />
    </form>
  );
}
